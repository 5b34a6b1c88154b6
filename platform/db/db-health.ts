import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";

export type DatabaseReading = {
  reachable: boolean;
  /** A `select 1` round trip, ms; null when it did not answer. */
  latencyMs: number | null;
  sizeBytes: number | null;
  version: string | null;
  /** This process's pool: connections checked out (in use), its maximum, and requests waiting for one. */
  pool: { inUse: number; max: number; waiting: number };
};

const PROBE_TIMEOUT_MS = 2000;

/** How the database answers right now (for the maintenance panel's health): never throws. */
export async function readDatabase(db: Database): Promise<DatabaseReading> {
  const pool = db.$client;
  const poolState = {
    inUse: pool.totalCount - pool.idleCount,
    max: (pool.options as { max?: number }).max ?? 10,
    waiting: pool.waitingCount,
  };
  const started = performance.now();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), PROBE_TIMEOUT_MS).unref());
  const probe = db.execute(sql`select 1`).then(
    () => Math.round((performance.now() - started) * 10) / 10,
    () => null,
  );
  const latencyMs = await Promise.race([probe, timeout]);
  if (latencyMs === null) return { reachable: false, latencyMs: null, sizeBytes: null, version: null, pool: poolState };
  const facts = await db
    .execute<{ size: string; version: string }>(
      sql`select pg_database_size(current_database())::text as size, current_setting('server_version') as version`,
    )
    .then((result) => result.rows[0])
    .catch(() => undefined);
  return {
    reachable: true,
    latencyMs,
    sizeBytes: facts ? Number(facts.size) : null,
    version: facts?.version ?? null,
    pool: poolState,
  };
}
