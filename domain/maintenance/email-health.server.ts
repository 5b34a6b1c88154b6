import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { failedEmails, SEND_EMAIL_TASK } from "#platform/mail/mail-queue.ts";
import { outboxDir } from "#platform/mail/mailer.ts";

export type EmailReading = {
  transport: "smtp" | "outbox";
  smtpHost: string | null;
  lastSentAt: Date | null;
  failuresLast24h: number;
  retrying: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How the e-mail is doing, read from what exists today: the queue's failed and retried send-email
 * jobs (decision 014) and, without SMTP, the newest file of the outbox. With SMTP nothing records
 * a delivery yet, so `lastSentAt` is null there: the e-mail log (issue 18's e-mail queue) is the
 * place to read it from once it exists, here and nowhere else.
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
    lastSentAt: config.SMTP_URL ? null : await newestOutboxFile(outboxDir(config)),
    failuresLast24h: failed.filter((email) => now.getTime() - email.failedAt.getTime() < DAY_MS).length,
    retrying: Number(rows[0]?.retrying ?? 0),
  };
}

async function newestOutboxFile(dir: string): Promise<Date | null> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  // The names start with their ISO time (mailer.ts), so the last in order is the newest.
  const newest = names
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .at(-1);
  if (!newest) return null;
  const stats = await fs.stat(`${dir}/${newest}`).catch(() => null);
  return stats?.mtime ?? null;
}
