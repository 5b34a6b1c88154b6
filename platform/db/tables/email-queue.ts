import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * The e-mail log: every e-mail the shop queues, and where it stands.
 * Owned by domain/email-queue/ (decision 048): only its files import this one (and the mailer,
 * platform/mail/email-queue.ts, which logs what it queues); every other module goes through its
 * functions (.dependency-cruiser.js, rule `tables-email-queue-owned-by-domain-email-queue`).
 */

/** Where an e-mail stands (issue 18 item 3): waiting or being tried again, accepted by SMTP, or failed for good. */
export const emailStatus = pgEnum("email_status", ["queued", "sent", "failed"]);

/**
 * Every e-mail the shop queues, for the maintenance panel (decision 026): the job queue deletes a
 * job once it is sent, so this log says what went out. Written in the same statement as the job
 * (platform/mail/email-queue.ts), updated by the worker after each try. Account deletion deletes the rows to the
 * customer and scrubs the others (LGPD, decision 018).
 */
export const emailLog = pgTable(
  "email_log",
  {
    id: uuid("id").primaryKey(),
    /** graphile-worker's job of the current try (a resend queues a new one). */
    jobId: text("job_id"),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: emailStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** The SMTP server's answer (or the connection error) of the last failed try. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_log_created").on(t.createdAt), index("email_log_status").on(t.status, t.createdAt)],
);
