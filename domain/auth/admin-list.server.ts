/**
 * The maintenance panel's list of admins (issue 18 item 5): the `admin_emails` rows that
 * isAdminAccount reads. ADMIN_EMAILS (configuration) is shown but changed only where it is set.
 * Every change is audited in its transaction; the rows are locked first, so two admins removing
 * each other at once cannot leave the shop with none.
 */
import { eq, sql } from "drizzle-orm";
import type { AppServices } from "#platform/services.ts";
import { adminEmails } from "#platform/db/tables/auth.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { listAdminEmails } from "#domain/auth/admins.server.ts";

type Services = Pick<AppServices, "config" | "db">;
type Actor = { id: string; email: string };

export async function addAdminEmail(services: Services, actor: Actor, email: string) {
  await services.db.transaction(async (tx) => {
    const listed = services.config.ADMIN_EMAILS.includes(email);
    const inserted = listed
      ? []
      : await tx.insert(adminEmails).values({ email }).onConflictDoNothing().returning({ email: adminEmails.email });
    if (inserted.length === 0) throw new DomainError("conflict", "already_admin", "Este e-mail já é de um administrador.");
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: "admin.add",
      entityType: "admin",
      entityId: email,
      before: { admin: false },
      after: { admin: true },
    });
  });
  return listAdminEmails(services);
}

export async function removeAdminEmail(services: Services, actor: Actor, email: string) {
  const { config, db } = services;
  await db.transaction(async (tx) => {
    // Every row locked: a concurrent removal waits here and then counts what this one left.
    const rows = await tx.execute<{ email: string }>(sql`select email from ${adminEmails} for update`);
    const stored = rows.rows.map((row) => row.email);
    if (!stored.includes(email)) {
      if (config.ADMIN_EMAILS.includes(email))
        throw new DomainError("conflict", "admin_from_config", "Este administrador vem da configuração (ADMIN_EMAILS): remova-o de lá.");
      throw new DomainError("not_found", "not_found", "Administrador não encontrado.");
    }
    if (email === actor.email.toLowerCase()) throw new DomainError("conflict", "cannot_remove_self", "Você não pode remover a si mesmo.");
    const remaining = new Set([...config.ADMIN_EMAILS, ...stored]);
    remaining.delete(email);
    if (remaining.size === 0) throw new DomainError("conflict", "last_admin", "Não é possível remover o último administrador.");
    await tx.delete(adminEmails).where(eq(adminEmails.email, email));
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: "admin.remove",
      entityType: "admin",
      entityId: email,
      before: { admin: true },
      after: { admin: false },
    });
  });
  return listAdminEmails(services);
}
