import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "#platform/db/schema.ts";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  // Nor may a client checked out of the pool (pg's own listener covers idle clients only): a
  // connection terminated mid-query (pg_terminate_backend, a restart, a failover, a network blip)
  // emits "error" on the client besides rejecting the query. The query's caller gets the error and
  // answers for it; the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  return drizzle(pool, { schema }) as Database;
}

/** SQLSTATE classes and codes that mean "the database is away", not "this request is wrong". */
const UNAVAILABLE_CODES = /^(08|57P0[123]|53300)/;
const UNAVAILABLE_MESSAGES = /Connection terminated|connect (ECONNREFUSED|ENOENT)|timeout exceeded when trying to connect/;

/**
 * Whether an error says the database cannot be reached or dropped the connection (the request may
 * succeed again in a moment): the edge answers 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && UNAVAILABLE_CODES.test(code)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return UNAVAILABLE_MESSAGES.test(error.message) || (cause !== undefined && cause !== error && isDatabaseUnavailable(cause));
}
