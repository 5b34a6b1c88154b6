/**
 * The maintenance panel's e-mail queue (issue 18 item 3, decision 026): the e-mail log read newest
 * first, one message opened, a failed one queued again, a test message to the admin. Resend and test
 * are admin changes, audited in their own transaction.
 */
import { desc, eq } from "drizzle-orm";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { EMAIL_PAGE_SIZE, type EmailDetail, type EmailQuery, type EmailSummary } from "#domain/email-queue/email-queue-schemas.ts";
import type { Database } from "#platform/db/client.ts";
import { emailLog, users } from "#platform/db/schema.ts";
import { enqueueEmail, requeueLoggedEmail } from "#platform/mail/email-queue.ts";
import type { AppServices } from "#platform/services.ts";

type LogRow = typeof emailLog.$inferSelect;

function summaryOf(row: LogRow): EmailSummary {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

const notFound = () => new DomainError("not_found", "not_found", "E-mail não encontrado.");

export async function listEmails(db: Database, query: EmailQuery): Promise<{ emails: EmailSummary[]; page: number; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(emailLog)
    .where(query.status ? eq(emailLog.status, query.status) : undefined)
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(EMAIL_PAGE_SIZE + 1)
    .offset((query.page - 1) * EMAIL_PAGE_SIZE);
  return { emails: rows.slice(0, EMAIL_PAGE_SIZE).map(summaryOf), page: query.page, hasMore: rows.length > EMAIL_PAGE_SIZE };
}

export async function getEmail(db: Database, id: string): Promise<EmailDetail> {
  const [row] = await db.select().from(emailLog).where(eq(emailLog.id, id));
  if (!row) throw notFound();
  return { ...summaryOf(row), text: row.text };
}

/**
 * Queues a failed e-mail again with the configured tries. Only a failed one: a queued one is still
 * being tried and a sent one was accepted (409).
 */
export async function resendEmail(services: AppServices, id: string, adminId: string): Promise<EmailDetail> {
  await services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailLog).where(eq(emailLog.id, id)).for("update");
    if (!row) throw notFound();
    if (row.status !== "failed") {
      throw new DomainError(
        "conflict",
        "email_not_failed",
        row.status === "sent" ? "Este e-mail já foi enviado." : "Este e-mail ainda está na fila: a loja continua tentando.",
      );
    }
    await requeueLoggedEmail(tx, id, services.config.MAIL_MAX_ATTEMPTS);
    // The subject says which message; the address, the text and the SMTP answer (which often
    // quotes the address) stay out of the audit log, which account deletion does not scrub (LGPD).
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "email.resend",
      entityType: "email",
      entityId: id,
      before: { status: row.status, attempts: row.attempts },
      after: { status: "queued" },
    });
  });
  return getEmail(services.db, id);
}

/** A test message to the admin's own address, through the same queue as every e-mail. */
export async function sendTestEmail(services: AppServices, adminId: string): Promise<EmailDetail> {
  const id = await services.db.transaction(async (tx) => {
    const [admin] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, adminId));
    if (!admin) throw new DomainError("not_found", "not_found", "Conta não encontrada.");
    const when = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "medium", timeZone: "America/Sao_Paulo" }).format(
      new Date(),
    );
    const text = `Olá, ${admin.name || "administrador"}!\n\nEste é um e-mail de teste enviado pelo painel de manutenção em ${when}. Se ele chegou, o envio de e-mails da loja está funcionando.`;
    const logId = await enqueueEmail(tx, services.config, {
      to: admin.email,
      subject: "Teste de e-mail da loja",
      text,
      html: `<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\n\n/g, "</p><p>")}</p>`,
    });
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "email.test",
      entityType: "email",
      entityId: logId,
      after: { status: "queued" },
    });
    return logId;
  });
  return getEmail(services.db, id);
}
