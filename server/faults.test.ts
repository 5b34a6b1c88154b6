// Issue 29 item 5 (decision 052): the real build as a child process. A page whose loader meets a
// database that is busy answers 503 like the API and prints no query; and kill -9 of PostgreSQL,
// twenty times under checkout load, never ends the process: it serves again after each.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SLUGS } from "#domain/catalog/product-slugs.ts";
import type { Browser } from "#test/auth-helpers.ts";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";
import { startMailServer, type MailServer } from "#test/mail-server.ts";
import { buildIfMissing, killAll, startShop, waitForOk, type ShopProcess } from "#test/shop-process.ts";
import { checkoutBody, CUSTOMER_ENV, KIT, shopRequest, signedUpCustomer } from "#test/builders.ts";
import { isAlive, startEmbeddedPostgres } from "#server/db/embedded-postgres.ts";
import { createLogger } from "#platform/logger.ts";

let mail: MailServer;
const tempDirs: string[] = [];
const databases: string[] = [];

beforeAll(async () => {
  await buildIfMissing();
  mail = await startMailServer();
}, 300_000);

afterAll(async () => {
  await killAll();
  for (const name of databases) await dropDatabase(name);
  for (const dir of tempDirs) {
    if (existsSync(path.join(dir, "postgres", "postmaster.pid"))) {
      const leftover = await startEmbeddedPostgres({ dataDir: dir, logger: createLogger("silent") });
      await leftover.stop();
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
  await mail?.close();
}, 120_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Lines the shop wrote that print a query's values (Drizzle's "params:"), or a query outside the
 * logger's JSON lines (React Router's console.error did both); the first two, cut short.
 */
const printedQueries = (shop: ShopProcess) =>
  shop.output
    .filter((line) => /params:/.test(line) || (!line.startsWith("{") && /Failed query|select\s.+\sfrom\s/i.test(line)))
    .slice(0, 2)
    .map((line) => line.slice(0, 600));

describe("a page whose database is busy", () => {
  it("answers 503 with Retry-After like the API, in Portuguese, and prints no query", async () => {
    const database = await createEmptyDatabase("faults");
    databases.push(database.name);
    const shop = await startShop({ DATABASE_URL: database.url, ...CUSTOMER_ENV(mail) });
    await waitForOk(shop.url("/readyz"));
    const slug = PRODUCT_SLUGS[4]!;
    expect((await fetch(shop.url(`/produto/${slug}`))).status).toBe(200);

    // Every read of the products waits behind this lock until the shop's lock_timeout gives up.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table products in access exclusive mode");
      const page = await fetch(shop.url(`/produto/${PRODUCT_SLUGS[7]!}`), { signal: AbortSignal.timeout(30_000) });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).toContain("A loja está ocupada agora");
      // A client navigation's data request is sent to load the document, which gets that page.
      const data = await fetch(shop.url(`/produto/${PRODUCT_SLUGS[7]!}.data`), { signal: AbortSignal.timeout(30_000) });
      expect(data.status).toBe(204);
      expect(data.headers.get("x-remix-reload-document")).toBe("true");
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
    expect((await fetch(shop.url(`/produto/${PRODUCT_SLUGS[7]!}`))).status).toBe(200);
    expect(printedQueries(shop)).toEqual([]);
    expect(shop.output.some((line) => line.includes('"msg":"database unavailable"'))).toBe(true);
  }, 120_000);
});

/** The refusals that end a buyer's run: the kit is gone. */
const SOLD_OUT = new Set(["product_unavailable", "insufficient_stock", "out_of_stock"]);
const KILLS = 20;

describe("kill -9 of PostgreSQL, twenty times under checkout load", () => {
  it("never ends the process: after each, the same process serves and takes orders again", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-faults-"));
    await fs.chmod(dataDir, 0o755); // PostgreSQL runs as 'postgres' when the tests run as root
    tempDirs.push(dataDir);
    const shop = await startShop({ DATA_DIR: dataDir, ...CUSTOMER_ENV(mail) });
    await waitForOk(shop.url("/readyz"));
    const databaseUrl = `postgresql://postgres@${encodeURIComponent(path.join(dataDir, "postgres"))}:5432/shop`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query("update products set stock = 100000 where id = $1", [KIT]);
    await admin.end();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signedUpCustomer(shop, mail, "queda-repetida")));

    const acks: string[] = [];
    const failures: string[] = [];
    let stop = false;
    const buy = async (browser: Browser) => {
      while (!stop) {
        try {
          const added = await shopRequest(shop, "/api/cart/items", { browser, json: { productId: KIT, quantity: 1 }, timeoutMs: 20_000 });
          if (added.status === 201) {
            const placed = await shopRequest(shop, "/api/checkout/orders", {
              browser,
              json: checkoutBody(crypto.randomUUID()),
              timeoutMs: 20_000,
            });
            if (placed.ok) acks.push(((await placed.json()) as { orderId: string }).orderId);
            else if (placed.status >= 500 && placed.status !== 503) failures.push(`checkout ${placed.status} ${await placed.text()}`);
          } else if (added.status >= 500 && added.status !== 503) failures.push(`cart ${added.status} ${await added.text()}`);
          else if (SOLD_OUT.has(((await added.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code ?? ""))
            return;
        } catch {
          // No answer in time while PostgreSQL restarts: the next try goes on.
        }
        await pause(50);
      }
    };
    const load = Promise.all(buyers.map(buy));

    const waitFor = async (what: string, check: () => boolean | Promise<boolean>, limitMs = 60_000) => {
      const deadline = Date.now() + limitMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms\n${shop.output.slice(-30).join("\n")}`);
        await pause(100);
      }
    };
    try {
      for (let kill = 1; kill <= KILLS; kill++) {
        const before = acks.length;
        await waitFor(`an order acknowledged before kill ${kill}`, () => acks.length > before);
        const postmaster = Number((await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
        process.kill(postmaster, "SIGKILL");
        await waitFor(`postmaster ${postmaster} gone`, () => !isAlive(postmaster), 10_000);
        await waitFor(`ready again after kill ${kill}`, async () => {
          if (shop.child.exitCode !== null || shop.child.signalCode !== null) {
            throw new Error(`the shop exited after kill ${kill}:\n${shop.output.slice(-30).join("\n")}`);
          }
          return (await fetch(shop.url("/readyz")).catch(() => null))?.status === 200;
        });
      }
      const last = acks.length;
      await waitFor("an order acknowledged after the last kill", () => acks.length > last);
    } finally {
      stop = true;
      await load;
    }
    console.log(
      `faults: ${KILLS} kills of PostgreSQL; ${acks.length} orders acknowledged; the same process (pid ${shop.child.pid}) served after each`,
    );
    expect(shop.child.exitCode).toBeNull();
    expect(failures).toEqual([]);
    expect(new Set(acks).size).toBe(acks.length);
    expect(printedQueries(shop)).toEqual([]);
  }, 600_000);
});
