/**
 * The process's job worker (decision 014): runs queued jobs and the schedules. Every instance runs
 * one; graphile-worker locks each job for the worker that takes it, and a schedule's occurrence is
 * queued by the one instance that claims it (its `known_crontabs` row), so each runs once.
 */
import { parseCronItems, run, type Job, type Runner } from "graphile-worker";
import type pg from "pg";
import { createDatabase } from "#platform/db/client.ts";
import { QUEUE_SCHEMA } from "#platform/jobs/queue.ts";
import { queueLogger } from "#platform/jobs/queue-logger.ts";
import { jobAttemptsFailed } from "#platform/metrics.ts";
import type { Logger } from "#platform/logger.ts";

export type JobInfo = { id: string; attempt: number; maxAttempts: number };

/**
 * Whether this run is the job's last try (graphile-worker counts the running attempt): a task that
 * must leave something visible when it gives up (a failed e-mail, a label, a note) does it now,
 * since no later run will.
 */
export const isLastAttempt = (job: Pick<JobInfo, "attempt" | "maxAttempts">): boolean => job.attempt >= job.maxAttempts;

/** Runs one job; throwing fails this attempt (the job is tried again until its attempts run out). */
export type JobHandler = (payload: unknown, job: JobInfo) => Promise<void>;

export type Schedule = {
  /** Also the schedule's identity in the database: keep it when the task or pattern changes. */
  task: string;
  /** Five-field crontab pattern, UTC; the finest step is a minute. */
  pattern: string;
  /** Occurrences missed while no instance ran are queued at start, up to this far back. */
  backfillMinutes: number;
};

export type WorkerOptions = {
  url: string;
  logger: Logger;
  tasks: Record<string, JobHandler>;
  schedules?: Schedule[];
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /**
   * How often the worker looks for jobs that became due (retries, delayed jobs); a new job wakes it
   * at once (LISTEN/NOTIFY). graphile-worker's default, 2 s; tests look more often.
   */
  pollIntervalMs?: number;
};

export type JobWorker = {
  /** Resolves once this worker has queued the schedules' missed occurrences (see Schedule). */
  readonly scheduled: Promise<void>;
  /**
   * Takes no new job and lets running ones finish, then closes the worker's connections (once,
   * however often called). Jobs still running after `deadlineMs` are handed back: failed with an
   * error, so the queue runs them again (on another worker) after its usual wait.
   */
  stop(deadlineMs?: number): Promise<void>;
};

function describe(job: Job) {
  return { task: job.task_identifier, jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts };
}

export async function startWorker(options: WorkerOptions): Promise<JobWorker> {
  const concurrency = options.concurrency ?? 2;
  // A pool of its own, so a long job or the LISTEN connection never takes a request's connection;
  // createDatabase's pool survives a lost connection and sets the session limits (decision 013).
  // Room for the LISTEN connection, the schedules, taking jobs and completing them; and a patient
  // wait for a connection: on a busy database graphile-worker's batched completion gave up after
  // 5 s with a rejection nobody handles (seen in CI, the machine loaded), where waiting costs nothing.
  const pool = createDatabase(options.url, concurrency + 3, 30_000).$client;
  const taskList = Object.fromEntries(
    Object.entries(options.tasks).map(([name, handler]) => [
      name,
      (payload: unknown, helpers: { job: Job }) =>
        handler(payload, { id: helpers.job.id, attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts }),
    ]),
  );
  const schedules = options.schedules ?? [];
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      schema: QUEUE_SCHEMA,
      logger: queueLogger(options.logger),
      concurrency,
      pollInterval: options.pollIntervalMs ?? 2000,
      noHandleSignals: true,
      // Batched (flushed at once) rather than fire-and-forget: graphile-worker then waits for each
      // job's completion to be written before its stop resolves. Unbatched, a job that finished just
      // before a shutdown could have its completion lost with the pool and run again hours later.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      taskList,
      parsedCronItems: parseCronItems(
        schedules.map((schedule) => ({
          task: schedule.task,
          identifier: schedule.task,
          match: schedule.pattern,
          options: {
            backfillPeriod: schedule.backfillMinutes * 60_000,
            // One try: the next occurrence is the retry. The key keeps a single pending copy, so a
            // backfill of several missed minutes runs the job once.
            maxAttempts: 1,
            jobKey: schedule.task,
            jobKeyMode: "replace",
          },
        })),
      ),
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  // The ids under which this runner locks jobs (its worker pool's), to unlock them if it stops before they end.
  const workerIds = new Set<string>();
  runner.events.on("job:start", ({ job }) => {
    if (job.locked_by) workerIds.add(job.locked_by);
  });
  runner.events.on("job:error", ({ job, error }) => {
    jobAttemptsFailed.inc({ task: job.task_identifier, final: String(job.attempts >= job.max_attempts) });
    if (job.attempts < job.max_attempts) options.logger.warn({ ...describe(job), err: error }, "job failed; it will be tried again");
  });
  runner.events.on("job:failed", ({ job, error }) => {
    options.logger.error({ ...describe(job), err: error }, "job failed for good");
  });
  const scheduled =
    schedules.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => runner.events.once("cron:started", () => resolve()));
  let stopped: Promise<void> | undefined;
  return {
    scheduled,
    stop(deadlineMs = Number.POSITIVE_INFINITY) {
      stopped ??= finishOrHandBack(runner, deadlineMs, () => handBack(pool, workerIds, options.logger)).finally(() => pool.end());
      return stopped;
    },
  };
}

async function finishOrHandBack(runner: Runner, deadlineMs: number, handBackJobs: () => Promise<void>): Promise<void> {
  const finished = runner.stop();
  if (!Number.isFinite(deadlineMs)) return finished;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), deadlineMs)));
  const outcome = await Promise.race([finished.then(() => "finished" as const), late]);
  clearTimeout(timer);
  if (outcome === "finished") return;
  // The job's own code may still run (nothing stops a promise): the process ends without it.
  finished.catch(() => {});
  await handBackJobs();
}

/**
 * Unlocks the jobs these workers still hold, so another worker takes them at its next look
 * instead of after graphile-worker's four-hour lock expiry. The attempt they started counts.
 */
async function handBack(pool: pg.Pool, workerIds: Set<string>, logger: Logger): Promise<void> {
  try {
    await pool.query(`select ${QUEUE_SCHEMA}.force_unlock_workers($1::text[])`, [[...workerIds]]);
    logger.warn({ workers: workerIds.size }, "jobs still running at the shutdown deadline: handed back to the queue");
  } catch (error) {
    logger.error({ err: error }, "could not hand back the jobs still running at the shutdown deadline");
  }
}
