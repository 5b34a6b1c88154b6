import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";

export type QueueReading = {
  /** Waiting to run (due now or later, retries included), not locked by a worker. */
  queued: number;
  /** Locked by a worker right now. */
  running: number;
  /** Every attempt used: kept until someone deletes them. */
  failed: number;
  /** How long the oldest job that is due has waited for a worker, in seconds; null when none is due. */
  oldestWaitingSeconds: number | null;
  /** Each schedule graphile-worker knows, with when its last occurrence was queued. */
  schedules: Array<{ task: string; lastRunAt: Date | null }>;
};

/**
 * The queue's counts, read from graphile-worker's own tables (its public `jobs` view lacks what a
 * health check needs across versions; the same private tables as queue.ts's failedJobs).
 */
export async function readQueue(db: Database): Promise<QueueReading> {
  const counts = await db.execute<{ queued: string; running: string; failed: string; oldest: string | null }>(sql`
    select
      count(*) filter (where locked_at is null and attempts < max_attempts)::text as queued,
      count(*) filter (where locked_at is not null)::text as running,
      count(*) filter (where locked_at is null and attempts >= max_attempts)::text as failed,
      extract(epoch from now() - min(run_at) filter (where locked_at is null and attempts < max_attempts and run_at <= now()))::text as oldest
    from graphile_worker._private_jobs`);
  const crontabs = await db.execute<{ identifier: string; last_execution: Date | string | null }>(sql`
    select identifier, last_execution from graphile_worker._private_known_crontabs order by identifier`);
  const row = counts.rows[0];
  return {
    queued: Number(row?.queued ?? 0),
    running: Number(row?.running ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestWaitingSeconds: row?.oldest == null ? null : Math.max(0, Math.round(Number(row.oldest))),
    schedules: crontabs.rows.map((crontab) => ({
      task: crontab.identifier,
      lastRunAt: crontab.last_execution === null ? null : new Date(crontab.last_execution),
    })),
  };
}
