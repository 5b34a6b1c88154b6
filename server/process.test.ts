// The real built server as a child process: crash safety of the embedded PostgreSQL (kept through a
// kill -9 of Node, restarted after its own), graceful shutdown (a process stops only the PostgreSQL
// it owns), and the migration lock with two instances starting at once.
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, dropDatabase } from "#test/database.ts";
import { buildIfMissing, killAll, startShop, waitForOk, type ShopProcess } from "#test/shop-process.ts";
import { isAlive, startEmbeddedPostgres } from "#server/db/embedded-postgres.ts";
import { createLogger } from "#platform/logger.ts";

const tempDirs: string[] = [];

async function freshDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-process-"));
  await fs.chmod(dir, 0o755); // PostgreSQL runs as 'postgres' when the tests run as root
  tempDirs.push(dir);
  return dir;
}

const postmasterPid = (dataDir: string) => path.join(dataDir, "postgres", "postmaster.pid");

/** The pid of the embedded postmaster when one runs (a zombie does not: see isAlive). */
function runningPostmaster(dataDir: string): number | null {
  if (!existsSync(postmasterPid(dataDir))) return null;
  const pid = Number(readFileSync(postmasterPid(dataDir), "utf8").split("\n")[0]);
  return pid > 0 && isAlive(pid) ? pid : null;
}

/** Polls `check` until it holds; fails after `limitMs` naming what was awaited. */
async function eventually(what: string, check: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not within ${limitMs} ms`);
}

const waitFor = (what: string, check: () => boolean, limitMs?: number) => eventually(what, () => Promise.resolve(check()), limitMs);

/** The embedded server's own socket URL form (see urlFor in embedded-postgres.ts). */
const embeddedUrl = (dataDir: string, database: string) =>
  `postgresql://postgres@${encodeURIComponent(path.join(dataDir, "postgres"))}:5432/${database}`;

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function reportClientError(shop: ShopProcess, message: string): Promise<void> {
  const response = await fetch(shop.url("/api/client-errors"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message, path: "/teste-de-queda" }),
  });
  expect(response.status).toBe(202);
}

beforeAll(async () => {
  await buildIfMissing();
}, 300_000);

afterAll(async () => {
  await killAll();
  // A test that failed half-way may leave an embedded PostgreSQL running: adopt it and stop it.
  for (const dir of tempDirs) {
    if (existsSync(postmasterPid(dir))) {
      const leftover = await startEmbeddedPostgres({ dataDir: dir, logger: createLogger("silent") });
      await leftover.stop();
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
}, 120_000);

describe("embedded PostgreSQL (no DATABASE_URL)", () => {
  it("keeps the data through a kill -9 and stops PostgreSQL on SIGTERM", async () => {
    const dataDir = await freshDataDir();
    const message = `antes da queda ${crypto.randomUUID()}`;

    const first = await startShop({ DATA_DIR: dataDir });
    await waitForOk(first.url("/readyz"));
    await reportClientError(first, message);

    expect(await first.stop("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    // The trap this test is about: PostgreSQL is its own daemon and outlives the killed process.
    expect(existsSync(postmasterPid(dataDir))).toBe(true);

    const second = await startShop({ DATA_DIR: dataDir });
    await waitForOk(second.url("/readyz"));
    expect(second.output.join("\n")).toMatch(/adopting the PostgreSQL left running|a leftover PostgreSQL does not answer/);

    const rows = await query<{ path: string }>(embeddedUrl(dataDir, "shop"), "select path from client_errors where message = $1", [
      message,
    ]);
    expect(rows).toEqual([{ path: "/teste-de-queda" }]);
    // The restarted shop still writes.
    await reportClientError(second, `depois da queda ${crypto.randomUUID()}`);

    expect(await second.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(existsSync(postmasterPid(dataDir))).toBe(false);
  }, 120_000);

  it("restarts a PostgreSQL that died (kill -9 of the postmaster) and serves again, without a restart of its own", async () => {
    const dataDir = await freshDataDir();
    const shop = await startShop({ DATA_DIR: dataDir });
    await waitForOk(shop.url("/readyz"));
    const message = `antes da morte do PostgreSQL ${crypto.randomUUID()}`;
    await reportClientError(shop, message);

    const killed = runningPostmaster(dataDir)!;
    process.kill(killed, "SIGKILL");
    // The shop notices, starts it again (crash recovery) and serves: the same process throughout.
    await waitFor("a new postmaster", () => {
      const now = runningPostmaster(dataDir);
      return now !== null && now !== killed;
    });
    await waitForOk(shop.url("/readyz"));
    await eventually("a write after the restart", async () => {
      const response = await fetch(shop.url("/api/client-errors"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "depois do reinício", path: "/teste-de-queda" }),
      });
      return response.status === 202;
    });
    expect(shop.child.exitCode).toBeNull();
    await waitFor("the restart in the log", () => shop.output.join("\n").includes("embedded PostgreSQL restarted"));
    const rows = await query(embeddedUrl(dataDir, "shop"), "select 1 from client_errors where message = $1", [message]);
    expect(rows).toHaveLength(1);

    // It started this PostgreSQL, so it stops it.
    expect(await shop.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(existsSync(postmasterPid(dataDir))).toBe(false);
  }, 120_000);

  it("lets a second shop on the same DATA_DIR stop without stopping the first one's PostgreSQL", async () => {
    const dataDir = await freshDataDir();
    const first = await startShop({ DATA_DIR: dataDir });
    await waitForOk(first.url("/readyz"));
    const postmaster = runningPostmaster(dataDir);

    const second = await startShop({ DATA_DIR: dataDir });
    await waitForOk(second.url("/readyz"));
    expect(await second.stop("SIGTERM")).toEqual({ code: 0, signal: null });

    // The first shop's database is still there, the same server, and the first shop still writes.
    expect(runningPostmaster(dataDir)).toBe(postmaster);
    await waitForOk(first.url("/readyz"));
    await reportClientError(first, `depois da segunda instância ${crypto.randomUUID()}`);
    expect(second.output.join("\n")).toContain("sharing the embedded PostgreSQL another shop process started");

    expect(await first.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(existsSync(postmasterPid(dataDir))).toBe(false);
  }, 120_000);

  it("lets the shop that started PostgreSQL stop it under a second one, whose watchdog starts it again and then owns it", async () => {
    const dataDir = await freshDataDir();
    const first = await startShop({ DATA_DIR: dataDir });
    await waitForOk(first.url("/readyz"));
    const second = await startShop({ DATA_DIR: dataDir });
    await waitForOk(second.url("/readyz"));

    expect(await first.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    await waitForOk(second.url("/readyz"));
    await eventually("a write through the second shop", async () => {
      const response = await fetch(second.url("/api/client-errors"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "depois da primeira instância", path: "/teste-de-queda" }),
      });
      return response.status === 202;
    });

    expect(await second.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(existsSync(postmasterPid(dataDir))).toBe(false);
  }, 120_000);
});

describe("external PostgreSQL (DATABASE_URL)", () => {
  it("lets two instances started at the same moment on one fresh database both come up, migrating once", async () => {
    const { name, url } = await createEmptyDatabase("two_instances");
    try {
      const env = { DATABASE_URL: url, DATA_DIR: await freshDataDir() };
      const shops = await Promise.all([startShop(env), startShop(env)]);
      await Promise.all(shops.map((shop) => waitForOk(shop.url("/readyz"))));

      const journal = JSON.parse(readFileSync(path.resolve("platform/db/migrations/meta/_journal.json"), "utf8")) as {
        entries: unknown[];
      };
      const migrations = await query<{ hash: string }>(url, "select hash from drizzle.__drizzle_migrations");
      expect(migrations).toHaveLength(journal.entries.length);
      expect(new Set(migrations.map((row) => row.hash)).size).toBe(migrations.length);
      expect(await query(url, "select count(*)::int as n from product_catalog")).toEqual([{ n: 15 }]);

      // With DATABASE_URL the shop starts no PostgreSQL of its own.
      expect(existsSync(path.join(env.DATA_DIR, "postgres"))).toBe(false);
      expect(await Promise.all(shops.map((shop) => shop.stop("SIGTERM")))).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
    } finally {
      await killAll();
      await dropDatabase(name);
    }
  }, 120_000);
});
