// Issue 16 item 11: kill -9 of the Node process, and separately of PostgreSQL, while buyers check
// out concurrently (the real build as a child process, its embedded PostgreSQL). Afterwards every
// order a buyer got a 2xx for is there exactly once, no order exists that no request asked for
// twice, and stock adds up: what is left plus what was sold is what there was, never below zero.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "#test/auth-helpers.ts";
import { startMailServer, type MailServer } from "#test/mail-server.ts";
import { buildIfMissing, killAll, startShop, waitForOk, type ShopProcess } from "#test/shop-process.ts";
import { checkoutBody, CUSTOMER_ENV, KIT, shopRequest, signedUpCustomer } from "#test/builders.ts";
import { isAlive, startEmbeddedPostgres } from "#server/db/embedded-postgres.ts";
import { createLogger } from "#platform/logger.ts";

const BUYERS = 6;
/** Units of the kit on sale: enough that buying goes on well past the crash, few enough to sell out. */
const STOCK = 40;
/** The crash comes once this many orders were acknowledged. */
const ACKS_BEFORE_CRASH = 6;

const tempDirs: string[] = [];
let mail: MailServer;

beforeAll(async () => {
  await buildIfMissing();
  mail = await startMailServer();
}, 300_000);

afterAll(async () => {
  await killAll();
  await mail?.close();
  for (const dir of tempDirs) {
    if (existsSync(path.join(dir, "postgres", "postmaster.pid"))) {
      const leftover = await startEmbeddedPostgres({ dataDir: dir, logger: createLogger("silent") });
      await leftover.stop();
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
}, 120_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Ack = { buyer: number; key: string; orderId: string };

/** The refusals that end a buyer's run: the kit is gone (at the cart, or at the checkout). */
const SOLD_OUT = new Set(["product_unavailable", "insufficient_stock", "out_of_stock"]);

async function errorCode(response: Response): Promise<string> {
  return ((await response.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code ?? "";
}

/** A shop on a fresh DATA_DIR, its kit's stock set to STOCK, and BUYERS signed-up customers. */
async function openShop() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-crash-"));
  await fs.chmod(dataDir, 0o755); // PostgreSQL runs as 'postgres' when the tests run as root
  tempDirs.push(dataDir);
  const env = { DATA_DIR: dataDir, ...CUSTOMER_ENV(mail) };
  const shop = await startShop(env);
  await waitForOk(shop.url("/readyz"));
  const databaseUrl = `postgresql://postgres@${encodeURIComponent(path.join(dataDir, "postgres"))}:5432/shop`;
  await sql(databaseUrl, "update products set stock = $1 where id = $2", [STOCK, KIT]);
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => signedUpCustomer(shop, mail, "compra-na-queda")));
  return { dataDir, env, shop, databaseUrl, buyers };
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Buyers who each add a kit and check out, again and again, until the kit is sold out (or the
 * deadline): through the shop `current()` names at each request, so they carry on after a crash.
 * A refused or unanswered attempt is simply followed by another one, with a new key.
 */
function buyConcurrently(buyers: Browser[], current: () => ShopProcess, deadlineMs = 60_000) {
  const acks: Ack[] = [];
  const sentKeys: string[] = [];
  const deadline = Date.now() + deadlineMs;
  const buyer = async (index: number) => {
    const browser = buyers[index]!;
    while (Date.now() < deadline) {
      try {
        const added = await shopRequest(current(), "/api/cart/items", {
          browser,
          json: { productId: KIT, quantity: 1 },
          timeoutMs: 20_000,
        });
        if (added.status !== 201) {
          if (SOLD_OUT.has(await errorCode(added))) return;
          await pause(100);
          continue;
        }
        const key = crypto.randomUUID();
        sentKeys.push(key);
        const placed = await shopRequest(current(), "/api/checkout/orders", { browser, json: checkoutBody(key), timeoutMs: 20_000 });
        const orderId = placed.ok ? ((await placed.json()) as { orderId: string }).orderId : null;
        if (orderId) acks.push({ buyer: index, key, orderId });
        else if (SOLD_OUT.has(await errorCode(placed))) return;
        else await pause(100);
      } catch {
        await pause(150); // no answer: the process or its database is away
      }
    }
  };
  const done = Promise.all(buyers.map((_, index) => buyer(index)));
  return { acks, sentKeys, done };
}

async function waitUntil(what: string, check: () => boolean, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await pause(50);
  }
}

/** The invariants after the storm; `shop` is the one serving now. */
async function expectConsistent(shop: ShopProcess, databaseUrl: string, buyers: Browser[], acks: Ack[], sentKeys: string[]) {
  // Every acknowledged order is there, once, and its key still names it (a replay answers it).
  const ids = acks.map((ack) => ack.orderId);
  expect(new Set(ids).size).toBe(ids.length);
  const found = await sql<{ id: string }>(databaseUrl, "select id from orders where id = any($1::uuid[])", [ids]);
  expect(found).toHaveLength(ids.length);
  for (const ack of acks) {
    const replay = await shopRequest(shop, "/api/checkout/orders", { browser: buyers[ack.buyer], json: checkoutBody(ack.key) });
    expect(replay.ok).toBe(true);
    expect(await replay.json()).toMatchObject({ orderId: ack.orderId, replayed: true });
  }
  // Each order answers one key a buyer sent, and no key made two orders.
  const keyed = await sql<{ key: string; order_id: string }>(
    databaseUrl,
    "select key, order_id from idempotency_keys where order_id is not null",
  );
  const orders = await sql<{ id: string }>(databaseUrl, "select id from orders");
  expect(new Set(keyed.map((row) => row.order_id)).size).toBe(keyed.length);
  expect(keyed.map((row) => row.order_id).sort()).toEqual(orders.map((row) => row.id).sort());
  const sent = new Set(sentKeys);
  expect(keyed.filter((row) => !sent.has(row.key))).toEqual([]);
  // Stock adds up: nothing oversold, nothing lost.
  const [stock] = await sql<{ left: number; sold: number }>(
    databaseUrl,
    `select p.stock as left,
            coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                      where i.product_id = p.id and i.stock_reserved and o.status <> 'cancelled'), 0)::int as sold
       from products p where p.id = $1`,
    [KIT],
  );
  expect(stock!.left).toBeGreaterThanOrEqual(0);
  expect(stock!.left + stock!.sold).toBe(STOCK);
}

describe("a crash during concurrent checkouts", () => {
  it("kill -9 of the Node process: after the restart every acknowledged order is there once, and stock adds up", async () => {
    const { env, shop, databaseUrl, buyers } = await openShop();
    let serving = shop;
    const run = buyConcurrently(buyers, () => serving);
    await waitUntil("the first orders", () => run.acks.length >= ACKS_BEFORE_CRASH);

    expect(await shop.stop("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    const acksBeforeCrash = run.acks.length;
    serving = await startShop(env);
    await waitForOk(serving.url("/readyz"));
    await run.done;

    expect(run.acks.length).toBeGreaterThan(acksBeforeCrash); // buying went on after the restart
    await expectConsistent(serving, databaseUrl, buyers, run.acks, run.sentKeys);
  }, 150_000);

  it("kill -9 of PostgreSQL: the shop restarts it, buying goes on, every acknowledged order is there once, and stock adds up", async () => {
    const { dataDir, shop, databaseUrl, buyers } = await openShop();
    const run = buyConcurrently(buyers, () => shop);
    await waitUntil("the first orders", () => run.acks.length >= ACKS_BEFORE_CRASH);

    const postmaster = Number((await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
    process.kill(postmaster, "SIGKILL");
    const acksBeforeCrash = run.acks.length;
    await waitUntil("PostgreSQL gone", () => !isAlive(postmaster));
    await run.done;

    expect(shop.child.exitCode).toBeNull(); // the same process throughout
    await waitUntil("the restart in the log", () => shop.output.join("\n").includes("embedded PostgreSQL restarted"));
    expect(run.acks.length).toBeGreaterThan(acksBeforeCrash);
    await expectConsistent(shop, databaseUrl, buyers, run.acks, run.sentKeys);
  }, 150_000);
});
