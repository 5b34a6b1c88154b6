import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "#platform/db/schema.ts";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * Limits every pooled session sets at connect (PostgreSQL settings, in ms). Without them a checkout
 * waited 19.8 s behind a row lock, and a lock held long enough exhausts every instance's pool. A
 * request that hits one fails fast with 503 (isDatabaseUnavailable) and may be tried again.
 * - lock_timeout: a row lock is held for milliseconds by the shop's own writes; 5 s means a stuck one.
 * - statement_timeout: the shop's longest statement (a customer's data export) takes well under 1 s.
 * - idle_in_transaction_session_timeout: a transaction left open by a bug ends and frees its locks.
 */
export const SESSION_LIMITS_MS = { lock_timeout: 5_000, statement_timeout: 15_000, idle_in_transaction_session_timeout: 30_000 };

/**
 * `connectTimeoutMs`: how long a caller waits for a connection. A request should fail fast (5 s, then
 * 503); background work may wait longer rather than fail.
 */
export function createDatabase(url: string, max = 10, connectTimeoutMs = 5000): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: connectTimeoutMs, ...SESSION_LIMITS_MS });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  // Nor may a client checked out of the pool (pg's own listener covers idle clients only): a
  // connection terminated mid-query (pg_terminate_backend, a restart, a failover, a network blip)
  // emits "error" on the client besides rejecting the query. The query's caller gets the error and
  // answers for it; the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  return drizzle(pool, { schema }) as Database;
}

/**
 * SQLSTATE classes and codes that mean "the database is away or too busy now", not "this request is
 * wrong": connection exceptions (08), shutdowns (57P01-03), too many connections (53300), and the
 * session limits above: lock_not_available (55P03), query_canceled (57014, the statement timeout),
 * idle_in_transaction_session_timeout (25P03).
 */
const UNAVAILABLE_CODES = /^(08|57P0[123]|53300|55P03|57014|25P03)/;
/**
 * The socket's own errors on a connection to the database: refused, reset, a write to a closed one
 * (EPIPE: graphile-worker's batched job completion met it after a kill -9 of PostgreSQL, and the
 * process ended, decision 052), timed out, unreachable, or its socket file gone.
 */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ECONNABORTED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connect (ECONNREFUSED|ENOENT)|timeout exceeded when trying to connect|is not queryable|write EPIPE|read ECONNRESET|Query read timeout|Client was closed and is not queryable/;

/**
 * Whether an error says the database cannot be reached or dropped the connection (the request may
 * succeed again in a moment): the edge answers 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_CODES.test(code) || SOCKET_CODES.has(code))) return true;
  // Node's connect tries every address of a host (IPv4 and IPv6) and reports their failures together.
  if (error instanceof AggregateError && error.errors.some((inner) => inner !== error && isDatabaseUnavailable(inner))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return UNAVAILABLE_MESSAGES.test(error.message) || (cause !== undefined && cause !== error && isDatabaseUnavailable(cause));
}
