/**
 * Every e-mail of the shop goes through the job queue (decision 014): queued in the transaction of
 * the change that causes it, sent by a worker, tried again with back-off while the SMTP server
 * refuses or is away, and kept as a failed job, readable with failedEmails, once its tries run out.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { enqueueJob, failedJobs, type JobExecutor } from "#platform/jobs/queue.ts";
import type { JobHandler } from "#platform/jobs/worker.ts";
import type { Logger } from "#platform/logger.ts";
import { mailerFor, type MailMessage } from "#platform/mail/mailer.ts";

export const SEND_EMAIL_TASK = "send-email";

const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** Queues `message` on `executor` (a transaction: sent only if it commits). */
export async function enqueueEmail(executor: JobExecutor, config: Pick<Config, "MAIL_MAX_ATTEMPTS">, message: MailMessage): Promise<void> {
  await enqueueJob(executor, SEND_EMAIL_TASK, message, { maxAttempts: config.MAIL_MAX_ATTEMPTS });
}

export async function enqueueEmails(
  executor: JobExecutor,
  config: Pick<Config, "MAIL_MAX_ATTEMPTS">,
  messages: readonly MailMessage[],
): Promise<void> {
  for (const message of messages) await enqueueEmail(executor, config, message);
}

/** The worker's side: one attempt at handing the message to SMTP (or the outbox). */
export function sendEmailJob(services: { config: Config; logger: Logger }): JobHandler {
  return async (payload) => {
    await mailerFor(services).send(mailMessageSchema.parse(payload));
  };
}

export type FailedEmail = { id: string; to: string; subject: string; attempts: number; error: string | null; failedAt: Date };

/** E-mails that failed for good, newest first, with the last error (for the maintenance panel). */
export async function failedEmails(db: Database): Promise<FailedEmail[]> {
  const jobs = await failedJobs(db, SEND_EMAIL_TASK);
  return jobs.map((job) => {
    const message = mailMessageSchema.partial().safeParse(job.payload);
    return {
      id: job.id,
      to: message.data?.to ?? "",
      subject: message.data?.subject ?? "",
      attempts: job.attempts,
      error: job.lastError,
      failedAt: job.failedAt,
    };
  });
}

/**
 * Account deletion (LGPD): e-mails not yet sent or failed for good that go to `address` are
 * deleted; the others (an admin's notice about the customer's order) are kept with `clean` applied
 * to their subject and text, so the queue holds the person nowhere. One being handed to SMTP right
 * now (locked by a worker) goes out, but its row goes or is scrubbed all the same: the worker's
 * completion then finds nothing to delete, and a retry sends the scrubbed text. graphile-worker has
 * no public call that reads or rewrites a payload, hence its private table, as in failedJobs.
 */
export async function forgetQueuedEmails(executor: JobExecutor, address: string, clean: (text: string) => string): Promise<void> {
  const { rows } = await executor.execute<{ id: string; payload: unknown }>(sql`
    select jobs.id::text as id, jobs.payload
    from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    where tasks.identifier = ${SEND_EMAIL_TASK}
    for update of jobs`);
  for (const row of rows) {
    const message = mailMessageSchema.safeParse(row.payload);
    if (!message.success) continue;
    if (message.data.to.toLowerCase() === address.toLowerCase()) {
      await executor.execute(sql`delete from graphile_worker._private_jobs where id = ${row.id}::bigint`);
      continue;
    }
    const cleaned = {
      ...message.data,
      subject: clean(message.data.subject),
      text: clean(message.data.text),
      html: clean(message.data.html),
    };
    if (JSON.stringify(cleaned) !== JSON.stringify(message.data)) {
      await executor.execute(
        sql`update graphile_worker._private_jobs set payload = ${JSON.stringify(cleaned)}::json where id = ${row.id}::bigint`,
      );
    }
  }
}
