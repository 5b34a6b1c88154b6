// Two shops (the real build, as child processes) on one database (DATABASE_URL), as behind a load
// balancer: realtime crosses instances, a connection loss heals by itself, and stopping one leaves
// the other serving. (That each scheduled job runs once across instances belongs to the job queue.)
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";
import { readEventStream, type EventStreamReader } from "#test/event-stream.ts";
import { startMailServer, type MailServer } from "#test/mail-server.ts";
import { buildIfMissing, killAll, startShop, waitForOk, type ShopProcess } from "#test/shop-process.ts";
import { checkoutBody, CUSTOMER_ENV, KIT, shopRequest, signedUpCustomer } from "#test/builders.ts";
import type { Browser } from "#test/auth-helpers.ts";

let mail: MailServer;
let database: { name: string; url: string };
let a: ShopProcess;
let b: ShopProcess;
let customer: Browser;

beforeAll(async () => {
  await buildIfMissing();
  mail = await startMailServer();
  database = await createEmptyDatabase("instances");
  const env = { DATABASE_URL: database.url, ...CUSTOMER_ENV(mail) };
  [a, b] = await Promise.all([startShop(env), startShop(env)]);
  await Promise.all([waitForOk(a.url("/readyz")), waitForOk(b.url("/readyz"))]);
  customer = await signedUpCustomer(a, mail, "duas-instancias");
}, 300_000);

afterAll(async () => {
  await killAll();
  if (database) await dropDatabase(database.name);
  await mail?.close();
}, 60_000);

/** One kit bought by `customer` through `shop`: the order's id. */
async function buyThrough(shop: ShopProcess): Promise<string> {
  const added = await shopRequest(shop, "/api/cart/items", { browser: customer, json: { productId: KIT, quantity: 1 } });
  expect(added.status, await added.clone().text()).toBe(201);
  const placed = await shopRequest(shop, "/api/checkout/orders", { browser: customer, json: checkoutBody(crypto.randomUUID()) });
  expect(placed.status, await placed.clone().text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

async function eventsOn(shop: ShopProcess): Promise<EventStreamReader> {
  const response = await shopRequest(shop, "/api/events", { browser: customer });
  expect(response.status).toBe(200);
  const stream = readEventStream(response);
  await stream.until("event: ready");
  return stream;
}

/** Retries `request` until it answers `status` (a pool reconnects on demand); fails after `limitMs`. */
async function eventually(request: () => Promise<Response>, status: number, limitMs = 30_000): Promise<Response> {
  const deadline = Date.now() + limitMs;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await request();
      if (response.status === status) return response;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${status} within ${limitMs} ms; last answer: ${last}`);
}

describe("two instances on one database", () => {
  it("deliver an order placed through one to an event stream opened on the other", async () => {
    const stream = await eventsOn(b);
    try {
      const orderId = await buyThrough(a);
      expect(await stream.until("event: notification")).toContain(orderId);
    } finally {
      await stream.close();
    }
  });

  it("heal by themselves when PostgreSQL terminates every connection they hold", async () => {
    const stream = await eventsOn(b);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      expect(rowCount).toBeGreaterThan(0);
      // The open stream stays, and says resync once its instance listens again.
      await stream.until("event: resync", 30_000);
      for (const shop of [a, b]) {
        await eventually(() => fetch(shop.url("/readyz")), 200);
        await eventually(() => shopRequest(shop, "/api/orders", { browser: customer }), 200);
      }
      // Events flow again, across instances.
      const orderId = await buyThrough(a);
      expect(await stream.until("event: notification")).toContain(orderId);
      expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null]);
    } finally {
      await admin.end();
      await stream.close();
    }
  }, 60_000);

  it("leave the other serving, with its event streams, when one stops", async () => {
    const stream = await eventsOn(b);
    try {
      expect(await a.stop("SIGTERM")).toEqual({ code: 0, signal: null });
      await waitForOk(b.url("/readyz"));
      const orderId = await buyThrough(b);
      expect(await stream.until("event: notification")).toContain(orderId);
      const orders = (await (await shopRequest(b, "/api/orders", { browser: customer })).json()) as { orders: { id: string }[] };
      expect(orders.orders.map((order) => order.id)).toContain(orderId);
    } finally {
      await stream.close();
    }
  });
});
