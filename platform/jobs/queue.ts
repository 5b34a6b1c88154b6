/**
 * The job queue (decision 014): graphile-worker's tables in the shop's own PostgreSQL, schema
 * `graphile_worker`. A job is one row written by graphile-worker's `add_job` SQL function, so it
 * commits or rolls back with the transaction that asked for it: an e-mail is queued only if the
 * change that causes it is saved, and it is never lost once it is.
 */
import { sql, type SQL } from "drizzle-orm";
import { runMigrations } from "graphile-worker";
import type { Database } from "#platform/db/client.ts";
import { queueLogger } from "#platform/jobs/queue-logger.ts";
import type { Logger } from "#platform/logger.ts";

export const QUEUE_SCHEMA = "graphile_worker";

/** Anything that runs SQL: the database or one of its transactions. */
export type JobExecutor = Pick<Database, "execute">;

export type EnqueueOptions = {
  /** Tries before the job fails for good (graphile-worker's default is 25). */
  maxAttempts?: number;
  /** Not before this time (graphile-worker's `run_at`); default: at once. */
  runAt?: Date;
  /** One pending job per key: queueing the same key again replaces the waiting one (`job_key`). */
  jobKey?: string;
};

/** Installs or upgrades the queue's schema; safe when several instances start together. */
export async function installQueue(url: string, logger: Logger): Promise<void> {
  await runMigrations({ connectionString: url, schema: QUEUE_SCHEMA, logger: queueLogger(logger) });
}

/**
 * Queues `task` with `payload`, on `executor`: inside a transaction, the job exists only if that
 * transaction commits. A worker (startWorker) picks it up at once through LISTEN/NOTIFY.
 */
export async function enqueueJob(executor: JobExecutor, task: string, payload: object, options: EnqueueOptions = {}): Promise<void> {
  await executor.execute(sql`select ${addJobCall(task, payload, options)}`);
}

/**
 * The `add_job` call as an SQL expression returning the new job's row, for a statement that writes
 * something beside the job (the e-mail log, in the same statement so neither exists without the other).
 */
export function addJobCall(task: string, payload: object, options: EnqueueOptions = {}): SQL {
  return sql`graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, max_attempts := ${options.maxAttempts ?? null}::int, run_at := ${options.runAt?.toISOString() ?? null}::timestamptz, job_key := ${options.jobKey ?? null}::text)`;
}

export type FailedJob = {
  id: string;
  payload: unknown;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
};

/**
 * Jobs of `task` that failed for good (every attempt used), newest first. graphile-worker keeps
 * them until someone deletes them; its public `jobs` view has no payload, hence the private table.
 */
export async function failedJobs(db: Database, task: string, limit = 100): Promise<FailedJob[]> {
  const result = await db.execute<{
    id: string;
    payload: unknown;
    attempts: number;
    last_error: string | null;
    updated_at: Date | string;
  }>(sql`
    select jobs.id::text as id, jobs.payload, jobs.attempts, jobs.last_error, jobs.updated_at
    from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    where tasks.identifier = ${task} and jobs.attempts >= jobs.max_attempts and jobs.locked_at is null
    order by jobs.updated_at desc
    limit ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    payload: row.payload,
    attempts: row.attempts,
    lastError: row.last_error,
    failedAt: new Date(row.updated_at),
  }));
}
