/**
 * Every e-mail of the shop goes through the job queue (decision 014): queued in the transaction of
 * the change that causes it, sent by a worker, tried again with back-off while the SMTP server
 * refuses or is away, and kept as a failed job, readable with failedEmails, once its tries run out.
 * Each one is also a row of the e-mail log (decision 026), written in the same statement as its job
 * and updated by the worker after each try, so the maintenance panel can show what was sent.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { emailLog } from "#platform/db/tables/email-queue.ts";
import { emailsFailed, emailsSent } from "#platform/metrics.ts";
import { addJobCall, failedJobs, type JobExecutor } from "#platform/jobs/queue.ts";
import { isLastAttempt, type JobHandler, type JobInfo } from "#platform/jobs/worker.ts";
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
/** The job's payload: the message and its log row (absent from jobs queued before the log existed). */
const queuedEmailSchema = mailMessageSchema.extend({ logId: z.uuid().optional() });

/**
 * Queues `message` on `executor` (a transaction: sent only if it commits) and logs it; returns the
 * log row's id. One statement, so the job and its log row exist together even outside a transaction.
 */
export async function enqueueEmail(
  executor: JobExecutor,
  config: Pick<Config, "MAIL_MAX_ATTEMPTS">,
  message: MailMessage,
): Promise<string> {
  const logId = randomUUID();
  await executor.execute(queueWithLog(logId, message, config.MAIL_MAX_ATTEMPTS));
  return logId;
}

function queueWithLog(logId: string, message: MailMessage, maxAttempts: number) {
  const payload = { to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, logId };
  return sql`
    insert into ${emailLog} (id, job_id, recipient, subject, text, html, max_attempts)
    select ${logId}::uuid, job.id::text, ${message.to}, ${message.subject}, ${message.text}, ${message.html}, ${maxAttempts}::int
    from ${addJobCall(SEND_EMAIL_TASK, payload, { maxAttempts })} as job`;
}

/**
 * Queues the logged e-mail `logId` again (the panel's resend): a new job with the same message, the
 * row back to queued with its tries counted from zero. Its failed job goes, so the queue holds the
 * message once. The caller checks the row may be resent.
 */
export async function requeueLoggedEmail(executor: JobExecutor, logId: string, maxAttempts: number): Promise<void> {
  await executor.execute(sql`
    delete from graphile_worker._private_jobs as jobs
    using graphile_worker._private_tasks as tasks, ${emailLog} as log
    where tasks.id = jobs.task_id and tasks.identifier = ${SEND_EMAIL_TASK} and log.id = ${logId}::uuid
      and jobs.id::text = log.job_id and jobs.locked_at is null`);
  await executor.execute(sql`
    with row as (select id, recipient, subject, text, html from ${emailLog} where id = ${logId}::uuid),
    job as (
      select (graphile_worker.add_job(${SEND_EMAIL_TASK},
        json_build_object('to', row.recipient, 'subject', row.subject, 'text', row.text, 'html', row.html, 'logId', row.id),
        max_attempts := ${maxAttempts}::int)).id as id
      from row
    )
    update ${emailLog} set job_id = job.id::text, status = 'queued', attempts = 0, max_attempts = ${maxAttempts}::int,
      last_error = null, sent_at = null, updated_at = now()
    from job where ${emailLog.id} = ${logId}::uuid`);
}

export async function enqueueEmails(
  executor: JobExecutor,
  config: Pick<Config, "MAIL_MAX_ATTEMPTS">,
  messages: readonly MailMessage[],
): Promise<void> {
  for (const message of messages) await enqueueEmail(executor, config, message);
}

/** What the SMTP server answered ("550 5.1.1 …"), or the connection's error; never longer than a line of the panel needs. */
export function smtpAnswer(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  const text = typeof response === "string" && response.trim() ? response : error instanceof Error ? error.message : String(error);
  return text.trim().slice(0, 1000);
}

/**
 * The error as the queue keeps and logs it: an SMTP server's refusal quotes the recipient
 * ("550 5.1.1 <maria@…>: …"), and the log never holds an address (decision 013). The e-mail log
 * keeps the whole answer, for the panel.
 */
function withoutAddress(error: unknown, address: string): unknown {
  if (!(error instanceof Error) || !address || !error.message.toLowerCase().includes(address.toLowerCase())) return error;
  const pattern = new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
  const redacted = new Error(error.message.replace(pattern, "[destinatário]"));
  for (const key of ["code", "responseCode", "command"] as const) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) Object.assign(redacted, { [key]: value });
  }
  return redacted;
}

/** The transaction an e-mail's last failed try is logged in. */
export type EmailLogTx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/**
 * What else happens when an e-mail fails for good (its last try), in the transaction that marks its
 * log row failed: the owner's push (issue 31), which platform/ cannot know of, is given by server/.
 */
export type EmailGaveUp = (tx: EmailLogTx, email: { subject: string }) => Promise<void>;

/**
 * The worker's side: one attempt at handing the message to SMTP (or the outbox), then its log row
 * says so. A log write that fails is only logged: the message went (or will be tried) all the same.
 */
export function sendEmailJob(services: { config: Config; logger: Logger; db: Database }, onGaveUp?: EmailGaveUp): JobHandler {
  return async (payload, job) => {
    const { logId, ...message } = queuedEmailSchema.parse(payload);
    try {
      await mailerFor(services).send(message);
    } catch (error) {
      const final = isLastAttempt(job);
      emailsFailed.inc({ final: String(final) });
      const gaveUp = final && onGaveUp ? (tx: EmailLogTx) => onGaveUp(tx, { subject: message.subject }) : undefined;
      await logTry(services, logId, job, { failed: error }, gaveUp);
      throw withoutAddress(error, message.to);
    }
    emailsSent.inc();
    await logTry(services, logId, job, {});
  };
}

async function logTry(
  services: { db: Database; logger: Logger },
  logId: string | undefined,
  job: JobInfo,
  outcome: { failed?: unknown },
  gaveUp?: (tx: EmailLogTx) => Promise<void>,
) {
  if (!logId && !gaveUp) return;
  const failed = "failed" in outcome;
  const change = failed
    ? {
        attempts: job.attempt,
        lastError: smtpAnswer(outcome.failed),
        status: isLastAttempt(job) ? ("failed" as const) : ("queued" as const),
      }
    : { attempts: job.attempt, status: "sent" as const, sentAt: new Date() };
  try {
    await services.db.transaction(async (tx) => {
      if (!logId) return gaveUp?.(tx);
      // Only the row's current job: a resend's new job owns the row from then on (and says for itself whether it gave up).
      const logged = await tx
        .update(emailLog)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(emailLog.id, logId), eq(emailLog.jobId, job.id)))
        .returning({ id: emailLog.id });
      if (logged.length > 0) await gaveUp?.(tx);
    });
  } catch (error) {
    services.logger.warn({ err: error, jobId: job.id }, "could not update the e-mail log");
  }
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
export async function forgetQueuedEmails(executor: Executor, address: string, clean: (text: string) => string): Promise<void> {
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
  await forgetLoggedEmails(executor, address, clean);
}

const SCRUB_BATCH = 500;
/** The database or one of its transactions. */
type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The e-mail log's side of account deletion: every message to `address` goes, whatever its status;
 * the others (an admin's notice naming the customer) keep their row with `clean` applied to their
 * texts. The others are read a batch at a time, in id order, so a long log never sits in memory.
 */
async function forgetLoggedEmails(db: Executor, address: string, clean: (text: string) => string): Promise<void> {
  await db.execute(sql`delete from ${emailLog} where lower(${emailLog.recipient}) = lower(${address})`);
  for (let after = "00000000-0000-0000-0000-000000000000"; ;) {
    const rows = await db
      .select({ id: emailLog.id, subject: emailLog.subject, text: emailLog.text, html: emailLog.html })
      .from(emailLog)
      .where(and(gt(emailLog.id, after), ne(emailLog.recipient, address)))
      .orderBy(asc(emailLog.id))
      .limit(SCRUB_BATCH);
    for (const row of rows) {
      const cleaned = { subject: clean(row.subject), text: clean(row.text), html: clean(row.html) };
      if (cleaned.subject !== row.subject || cleaned.text !== row.text || cleaned.html !== row.html) {
        await db.update(emailLog).set(cleaned).where(eq(emailLog.id, row.id));
      }
    }
    if (rows.length < SCRUB_BATCH) return;
    after = rows.at(-1)!.id;
  }
}
