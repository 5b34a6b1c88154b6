import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, SESSION_LIMITS_MS } from "#platform/db/client.ts";
import { createTestDatabase, type TestDatabase } from "#test/database.ts";

/*
 * A busy connection terminated by PostgreSQL (pg_terminate_backend, as a restart, a failover or a
 * managed database's maintenance does) must fail only the query it was running: the process goes
 * on (an "error" event without a listener would end it) and the pool serves the next request.
 */

let t: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Terminates the backend running `marker` once it has started. */
async function terminateWhenRunning(marker: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where query like $1 and pid <> pg_backend_pid() and datname = current_database()",
      [`%${marker}%`],
    );
    if (rows.length > 0) {
      await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no backend ran ${marker}`);
}

describe("a connection terminated mid-query", () => {
  it("fails that query as 'database unavailable', and the pool serves the next one", async () => {
    // Drizzle sends a query when it is awaited: `then` starts it now.
    const outcome = t.db.execute(sql.raw("select pg_sleep(10) as terminated_marker_1")).then(
      () => null,
      (reason: unknown) => reason,
    );
    await terminateWhenRunning("terminated_marker_1");
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    const [row] = (await t.db.execute(sql`select 1 as one`)).rows;
    expect(row).toEqual({ one: 1 });
  });

  it("inside a transaction too", async () => {
    // Its failure is caught at once: the terminated connection can fail the transaction (and its
    // rollback) before the admin's answer says the backend is gone, and a rejection nobody handles
    // by then is an unhandled rejection, which fails the run.
    const outcome = t.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw("select pg_sleep(10) as terminated_marker_2"));
      })
      .then(
        () => null,
        (reason: unknown) => reason,
      );
    await terminateWhenRunning("terminated_marker_2");
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    const [row] = (await t.db.execute(sql`select 2 as two`)).rows;
    expect(row).toEqual({ two: 2 });
  });
});

describe("a pooled session's limits", () => {
  it("are set on every connection of the pool", async () => {
    const setting = async (name: string) => (await t.db.execute(sql.raw(`select current_setting('${name}') as value`))).rows[0]!.value;
    expect(await setting("lock_timeout")).toBe(`${SESSION_LIMITS_MS.lock_timeout / 1000}s`);
    expect(await setting("statement_timeout")).toBe(`${SESSION_LIMITS_MS.statement_timeout / 1000}s`);
    expect(await setting("idle_in_transaction_session_timeout")).toBe(`${SESSION_LIMITS_MS.idle_in_transaction_session_timeout / 1000}s`);
  });

  it("make a request stuck behind a row lock fail as 'database unavailable' instead of waiting", async () => {
    await admin.query("create table if not exists lock_probe (id int primary key)");
    await admin.query("insert into lock_probe values (1) on conflict do nothing");
    await admin.query("begin");
    try {
      await admin.query("select * from lock_probe where id = 1 for update");
      const waited = t.db.transaction(async (tx) => {
        // The pool's 5 s, shortened for this test only: the mapping is what is checked here.
        await tx.execute(sql`set local lock_timeout = '100ms'`);
        await tx.execute(sql`select * from lock_probe where id = 1 for update`);
      });
      await expect(waited).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      await admin.query("rollback");
    }
  });
});

describe("isDatabaseUnavailable", () => {
  it("tells a database that is away from a request that is wrong", () => {
    const withCode = (code: string) => Object.assign(new Error("x"), { code });
    expect(isDatabaseUnavailable(withCode("57P01"))).toBe(true); // terminated by the administrator
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true); // connection failure
    expect(isDatabaseUnavailable(withCode("53300"))).toBe(true); // too many connections
    expect(isDatabaseUnavailable(withCode("55P03"))).toBe(true); // lock_timeout
    expect(isDatabaseUnavailable(withCode("57014"))).toBe(true); // statement_timeout
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("23505"))).toBe(false); // unique violation: a bug or a race, not an outage
    expect(isDatabaseUnavailable(withCode("22P02"))).toBe(false); // invalid input
    expect(isDatabaseUnavailable(new Error("ENOENT: no such file or directory"))).toBe(false);
  });
});

describe("isDatabaseUnavailable, on the socket's own errors (issue 29)", () => {
  it("takes a refused, reset, broken (EPIPE) or timed-out connection for a database that is away", () => {
    const socketError = (code: string, message: string) => Object.assign(new Error(message), { code, errno: -32, syscall: "write" });
    expect(isDatabaseUnavailable(socketError("EPIPE", "write EPIPE"))).toBe(true);
    expect(isDatabaseUnavailable(socketError("ECONNRESET", "read ECONNRESET"))).toBe(true);
    expect(isDatabaseUnavailable(socketError("ETIMEDOUT", "connect ETIMEDOUT 10.0.0.5:5432"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
    // What graphile-worker rejects with: its own error around the socket's.
    expect(isDatabaseUnavailable(new Error("Failed to complete jobs", { cause: socketError("EPIPE", "write EPIPE") }))).toBe(true);
    // Both addresses of "localhost" refused, as Node reports it.
    const both = new AggregateError(
      [socketError("ECONNREFUSED", "connect ECONNREFUSED ::1:5432"), socketError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
      "",
    );
    expect(isDatabaseUnavailable(both)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error("um erro qualquer")], ""))).toBe(false);
    expect(isDatabaseUnavailable(socketError("EACCES", "permission denied"))).toBe(false);
  });
});
