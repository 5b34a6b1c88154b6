import { max, sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { emailLog } from "#platform/db/schema.ts";
import { failedEmails, SEND_EMAIL_TASK } from "#platform/mail/email-queue.ts";

export type EmailReading = {
  transport: "smtp" | "outbox";
  smtpHost: string | null;
  lastSentAt: Date | null;
  failuresLast24h: number;
  retrying: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How the e-mail is doing: the queue's failed and retried send-email jobs (decision 014), and the
 * last message the e-mail log (decision 026) saw accepted, by SMTP or by the outbox.
 */
export async function readEmailHealth(db: Database, config: Config, now = new Date()): Promise<EmailReading> {
  const failed = await failedEmails(db);
  const { rows } = await db.execute<{ retrying: string }>(sql`
    select count(*)::text as retrying
    from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    where tasks.identifier = ${SEND_EMAIL_TASK} and jobs.attempts > 0 and jobs.attempts < jobs.max_attempts`);
  return {
    transport: config.SMTP_URL ? "smtp" : "outbox",
    smtpHost: config.SMTP_URL ? new URL(config.SMTP_URL).host : null,
    lastSentAt: await lastSent(db),
    failuresLast24h: failed.filter((email) => now.getTime() - email.failedAt.getTime() < DAY_MS).length,
    retrying: Number(rows[0]?.retrying ?? 0),
  };
}

async function lastSent(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: max(emailLog.sentAt) }).from(emailLog);
  return row?.at ?? null;
}
