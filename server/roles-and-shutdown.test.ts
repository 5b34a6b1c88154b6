// The built server as child processes (decision 053): ROLE=web serves the shop and runs no job,
// ROLE=worker runs the jobs and answers only its probes; on SIGTERM an instance turns /readyz red
// while it still serves for SHUTDOWN_DRAIN_MS, then asks its event streams to reconnect and exits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";
import { readEventStream } from "#test/event-stream.ts";
import { startMailServer, type MailServer } from "#test/mail-server.ts";
import { CUSTOMER_ENV, signedUpCustomer } from "#test/builders.ts";
import { buildIfMissing, killAll, startShop, waitForOk } from "#test/shop-process.ts";

let mail: MailServer;
let database: { name: string; url: string };

beforeAll(async () => {
  await buildIfMissing();
  mail = await startMailServer();
  database = await createEmptyDatabase("roles");
}, 300_000);

afterAll(async () => {
  await killAll();
  if (database) await dropDatabase(database.name);
  await mail?.close();
}, 60_000);

const env = () => ({
  DATABASE_URL: database.url,
  BETTER_AUTH_SECRET: "segredo-compartilhado-entre-as-instancias-0123456789",
  ...CUSTOMER_ENV(mail),
});

describe("roles", () => {
  it("a web instance queues the sign-up e-mail and a worker instance sends it; the worker serves only its probes", async () => {
    const web = await startShop({ ...env(), ROLE: "web" });
    const worker = await startShop({ ...env(), ROLE: "worker" });
    await Promise.all([waitForOk(web.url("/readyz")), waitForOk(worker.url("/readyz"))]);

    // signedUpCustomer waits for the confirmation e-mail: only the worker can have sent it.
    await signedUpCustomer(web, mail, "papeis");
    const ran = (output: string[]) => output.some((line) => line.includes("Worker connected and looking for jobs"));
    expect(ran(web.output), "the web instance runs no job worker").toBe(false);
    expect(ran(worker.output), "the worker instance runs one").toBe(true);

    expect((await fetch(worker.url("/healthz"))).status).toBe(200);
    expect((await fetch(worker.url("/"))).status).toBe(404);
    expect((await fetch(worker.url("/api/cart"))).status).toBe(404);
    expect((await fetch(web.url("/"))).status).toBe(200);

    expect(await web.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(await worker.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe("SIGTERM", () => {
  it("turns /readyz red while the instance still serves, then tells the event streams to reconnect and exits cleanly", async () => {
    const shop = await startShop({ ...env(), SHUTDOWN_DRAIN_MS: "3000" });
    await waitForOk(shop.url("/readyz"));
    const events = await fetch(shop.url("/api/events"));
    expect(events.status).toBe(200);
    const stream = readEventStream(events);
    await stream.until("event: ready");

    const signalledAt = Date.now();
    shop.child.kill("SIGTERM");
    let readiness: Response;
    do readiness = await fetch(shop.url("/readyz"));
    while (readiness.status === 200 && Date.now() - signalledAt < 2000);
    expect(readiness.status).toBe(503);
    expect(((await readiness.json()) as { error: { code: string } }).error.code).toBe("shutting_down");
    // Draining, not gone: what the balancer still sends is served, and the stream stays open.
    expect((await fetch(shop.url("/"))).status).toBe(200);
    expect(stream.text).not.toContain("event: reconnect");

    const last = await stream.until("event: reconnect", 10_000);
    expect(Date.now() - signalledAt, "only after the drain delay").toBeGreaterThanOrEqual(2900);
    expect(last).toContain("retry: 250");
    await expect(stream.until("never", 5000)).rejects.toThrow(/stream ended/);
    expect(await shop.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
