// The job worker's stop at shutdown (decision 053): running jobs finish, or are handed back to the
// queue when they outlast the deadline, so another worker runs them instead of waiting hours for a lock.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { startWorker } from "#platform/jobs/worker.ts";
import { createTestDatabase, type TestDatabase } from "#test/database.ts";
import { loggerToLines } from "#test/log-lines.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

type JobRow = { attempts: number; locked_at: string | null };

async function jobRow(task: string): Promise<JobRow | undefined> {
  const rows = await t.db.execute<JobRow>(sql`select attempts, locked_at from graphile_worker.jobs where task_identifier = ${task}`);
  return rows.rows[0];
}

it("hands a job that outlasts the shutdown deadline back to the queue, where another worker runs it", async () => {
  const { logger, lines } = loggerToLines("warn");
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const first = await startWorker({
    url: t.url,
    logger,
    pollIntervalMs: 200,
    tasks: {
      // Ignores the abort signal, as a slow SMTP call would.
      "slow-job": async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 30_000));
      },
    },
  });
  await enqueueJob(t.db, "slow-job", {});
  await running;
  const stoppedAt = Date.now();
  await first.stop(300);
  expect(Date.now() - stoppedAt, "stop returns soon after its deadline").toBeLessThan(5000);
  const row = await jobRow("slow-job");
  expect(row?.attempts).toBe(1);
  expect(row?.locked_at, "no longer locked by the stopped worker").toBeNull();
  expect(lines.some((line) => line.msg === "jobs still running at the shutdown deadline: handed back to the queue")).toBe(true);

  let ranAgain!: () => void;
  const second = await startWorker({
    url: t.url,
    logger,
    pollIntervalMs: 200,
    tasks: { "slow-job": async () => ranAgain() },
  });
  await new Promise<void>((resolve) => (ranAgain = resolve));
  await second.stop();
  expect(await jobRow("slow-job"), "done by the second worker").toBeUndefined();
});

it("lets a job that ends before the deadline finish", async () => {
  const { logger } = loggerToLines("warn");
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let finished = false;
  const worker = await startWorker({
    url: t.url,
    logger,
    pollIntervalMs: 200,
    tasks: {
      "short-job": async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
    },
  });
  await enqueueJob(t.db, "short-job", {});
  await running;
  await worker.stop(5000);
  expect(finished).toBe(true);
  expect(await jobRow("short-job"), "done and gone from the queue").toBeUndefined();
});
