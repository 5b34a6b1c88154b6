import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, count, eq, like, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createEmptyDatabase, createTestDatabase, dropDatabase } from "#test/database.ts";
import { setUpTestApp } from "#test/test-app.ts";
import { CLIENT_ERROR_RATE_RULE } from "#server/api/client-errors.ts";
import { CLIENT_ERROR_REPEAT_WINDOW_SECONDS, recordClientError } from "#domain/maintenance/error-log.server.ts";
import { createDatabase } from "#platform/db/client.ts";
import { migrationsFolder, runMigrations } from "#server/db/migrate.ts";
import { CLIENT_ERRORS_KEPT, clientErrors } from "#platform/db/tables/maintenance.ts";
import { createApp } from "#server/http/app.ts";

const ctx = setUpTestApp();

type ErrorJson = { error: { code: string; message: string } };
const LIMIT = CLIENT_ERROR_RATE_RULE.max;

/** A report as the error screen sends it, from a browser at `address`. */
function report(address: string, body: unknown, options: { target?: ReturnType<typeof createApp>; headers?: Record<string, string> } = {}) {
  return (options.target ?? ctx.app).request(
    "/api/client-errors",
    {
      method: "POST",
      headers: { "content-type": "application/json", ...options.headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
}

const unique = (label: string) => `${label} ${crypto.randomUUID()}`;

async function stored(message: string) {
  return ctx.t.db.select().from(clientErrors).where(eq(clientErrors.message, message));
}

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(CLIENT_ERROR_RATE_RULE.windowSeconds);
  expect(((await response.json()) as ErrorJson).error).toEqual({
    code: "rate_limited",
    message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
  });
}

describe("POST /api/client-errors is rate limited per client address", () => {
  it("refuses the 11th report in a minute from one address with 429, storing nothing; another address still gets 202", async () => {
    expect(LIMIT).toBe(10);
    for (let i = 0; i < LIMIT; i++) {
      expect((await report("198.51.100.1", { message: unique(`erro ${i}`), path: "/" })).status).toBe(202);
    }
    const eleventh = unique("décimo primeiro");
    await expectLimited(await report("198.51.100.1", { message: eleventh, path: "/" }));
    expect(await stored(eleventh)).toHaveLength(0);

    const elsewhere = unique("outro endereço");
    expect((await report("198.51.100.2", { message: elsewhere, path: "/" })).status).toBe(202);
    expect(await stored(elsewhere)).toHaveLength(1);
  });

  it("holds across instances: the counter lives in PostgreSQL", async () => {
    const secondInstance = createApp({ ...ctx.t.services });
    for (let i = 0; i < LIMIT; i++) {
      const target = i % 2 === 0 ? ctx.app : secondInstance;
      expect((await report("198.51.100.10", { message: unique("instâncias"), path: "/" }, { target })).status).toBe(202);
    }
    await expectLimited(await report("198.51.100.10", { message: unique("instâncias"), path: "/" }, { target: secondInstance }));
    await expectLimited(await report("198.51.100.10", { message: unique("instâncias"), path: "/" }));
  });

  it("a client cannot pick a fresh bucket with X-Forwarded-For; behind a trusted proxy, each client is counted apart", async () => {
    for (let i = 0; i <= LIMIT; i++) {
      const response = await report(
        "198.51.100.20",
        { message: unique("disfarce"), path: "/" },
        { headers: { "x-forwarded-for": `192.0.2.${i + 1}` } },
      );
      expect(response.status).toBe(i < LIMIT ? 202 : 429);
    }

    const proxied = createApp({ ...ctx.t.services, config: { ...ctx.t.services.config, TRUST_PROXY: true } });
    const viaProxy = (client: string) =>
      report("10.0.0.2", { message: unique("proxy"), path: "/" }, { target: proxied, headers: { "x-forwarded-for": client } });
    for (let i = 0; i < LIMIT; i++) expect((await viaProxy("198.51.100.21")).status).toBe(202);
    await expectLimited(await viaProxy("198.51.100.21"));
    expect((await viaProxy("198.51.100.22")).status).toBe(202);
  });

  it("invalid bodies still get 400, even from a limited address, and do not use up the allowance", async () => {
    const address = "198.51.100.30";
    for (let i = 0; i < LIMIT; i++) {
      expect((await report(address, { message: "falha", path: "sem-barra" })).status).toBe(400);
    }
    for (let i = 0; i < LIMIT; i++) {
      expect((await report(address, { message: unique("válido"), path: "/" })).status).toBe(202);
    }
    await expectLimited(await report(address, { message: unique("válido"), path: "/" }));

    const invalid = await report(address, { message: "falha", path: "/", extra: true });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as ErrorJson).error.code).toBe("validation_error");
    expect((await report(address, "{não é json")).status).toBe(400);
  });
});

describe("identical reports are counted, not stored again", () => {
  it("the same message and path within the window add to one row; another path or a later repeat gets its own", async () => {
    const message = unique("Cannot read properties of undefined");
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await report(
            `198.51.100.${40 + i}`,
            { message, path: "/carrinho", stack: `TypeError ${i}` },
            { headers: { "user-agent": `Navegador ${i}` } },
          )
        ).status,
      ).toBe(202);
    }
    expect((await report("198.51.100.43", { message, path: "/checkout" })).status).toBe(202);

    const rows = await ctx.t.db.select().from(clientErrors).where(eq(clientErrors.message, message)).orderBy(asc(clientErrors.path));
    expect(rows.map((row) => [row.path, row.occurrences])).toEqual([
      ["/carrinho", 3],
      ["/checkout", 1],
    ]);
    // The first report's details are the ones kept.
    expect(rows[0]).toMatchObject({ stack: "TypeError 0", userAgent: "Navegador 0" });
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());

    // Once the first one is older than the window, the error gets a new row (when it came back shows).
    await ctx.t.db
      .update(clientErrors)
      .set({ createdAt: sql`now() - make_interval(secs => ${CLIENT_ERROR_REPEAT_WINDOW_SECONDS + 1})` })
      .where(eq(clientErrors.message, message));
    expect((await report("198.51.100.44", { message, path: "/carrinho" })).status).toBe(202);
    const after = await ctx.t.db.select().from(clientErrors).where(eq(clientErrors.message, message));
    expect(
      after
        .filter((row) => row.path === "/carrinho")
        .map((row) => row.occurrences)
        .sort(),
    ).toEqual([1, 3]);
  });
});

describe(`the table keeps at most ${CLIENT_ERRORS_KEPT} reports`, () => {
  it("when full, new reports (even many at once) replace the oldest and the count never grows", async () => {
    const own = await createTestDatabase();
    try {
      const shop = createApp(own.services);
      await own.db.execute(sql`
        insert into client_errors (message, path, created_at)
        select 'antigo-' || g, '/', now() - make_interval(secs => ${CLIENT_ERRORS_KEPT} - g + 60)
        from generate_series(1, ${CLIENT_ERRORS_KEPT}) g order by g`);
      const total = async () => (await own.db.select({ n: count() }).from(clientErrors))[0]!.n;
      expect(await total()).toBe(CLIENT_ERRORS_KEPT);

      const fresh = Array.from({ length: 25 }, (_, i) => unique(`novo ${i}`));
      const answers = await Promise.all(
        fresh.map((message, i) => report(`203.0.113.${i + 1}`, { message, path: "/", stack: "x".repeat(10_000) }, { target: shop })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(fresh.map(() => 202));

      expect(await total()).toBe(CLIENT_ERRORS_KEPT);
      const kept = await own.db.select({ message: clientErrors.message }).from(clientErrors).where(like(clientErrors.message, "novo %"));
      expect(kept.map((row) => row.message).sort()).toEqual([...fresh].sort());
      const old = await own.db.select({ message: clientErrors.message }).from(clientErrors).where(like(clientErrors.message, "antigo-%"));
      const oldLeft = new Set(old.map((row) => row.message));
      expect(oldLeft.has("antigo-1")).toBe(false);
      expect(oldLeft.has("antigo-25")).toBe(false);
      expect(oldLeft.has("antigo-26")).toBe(true);

      // The bound is the schema's: one row per slot, and slots only run from 0 to the bound - 1.
      const [{ top }] = (await own.db.select({ top: sql<number>`max(${clientErrors.slot})` }).from(clientErrors)) as [{ top: number }];
      expect(top).toBe(CLIENT_ERRORS_KEPT - 1);
    } finally {
      await own.close();
    }
  });

  it("upgrading a database flooded before the bound keeps its newest reports and the ring turns from there", async () => {
    // The database as the previous release left it: every migration before the bound, and more
    // reports than the bound allows.
    const folder = mkdtempSync(path.join(os.tmpdir(), "shop-migrations-"));
    const { name, url } = await createEmptyDatabase("client_errors_upgrade");
    const db = createDatabase(url, 1);
    try {
      cpSync(migrationsFolder(), folder, { recursive: true });
      const journalFile = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
      const bound = journal.entries.findIndex((entry) => entry.tag === "0006_bound_client_errors");
      expect(bound).toBeGreaterThan(0);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, bound) }));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: folder });
        await client.query(
          `insert into client_errors (message, path, created_at)
           select 'legado-' || g, '/', now() - make_interval(secs => 10000 - g) from generate_series(1, $1::int) g order by g`,
          [CLIENT_ERRORS_KEPT + 3],
        );
      } finally {
        await client.end();
      }

      await runMigrations(url);

      const rows = await db
        .select({ message: clientErrors.message, slot: clientErrors.slot, occurrences: clientErrors.occurrences })
        .from(clientErrors);
      expect(rows).toHaveLength(CLIENT_ERRORS_KEPT);
      const messages = new Set(rows.map((row) => row.message));
      expect(["legado-1", "legado-2", "legado-3"].some((message) => messages.has(message))).toBe(false);
      expect(messages.has("legado-4")).toBe(true);
      expect(new Set(rows.map((row) => row.slot)).size).toBe(CLIENT_ERRORS_KEPT);
      expect(rows.every((row) => row.occurrences === 1)).toBe(true);

      // The next report takes the oldest one's place.
      await recordClientError(db, { message: unique("após a atualização"), path: "/", userAgent: null });
      const [{ n }] = (await db.select({ n: count() }).from(clientErrors)) as [{ n: number }];
      expect(n).toBe(CLIENT_ERRORS_KEPT);
      expect(await db.select().from(clientErrors).where(eq(clientErrors.message, "legado-4"))).toHaveLength(0);
    } finally {
      await db.$client.end();
      await dropDatabase(name);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
