/**
 * The admins' audit log (issue 17 item 8): every change an admin makes is one row, written in the
 * transaction of the change, so the log holds exactly what happened. `before` and `after` are the
 * fields the change touched, as plain JSON.
 */
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { auditLog } from "#platform/db/tables/audit.ts";
import { users } from "#platform/db/tables/auth.ts";
import { AUDIT_PAGE_SIZE, type AuditEntryView, type AuditQuery } from "#domain/audit/audit-schemas.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

export type AuditEntry = {
  /** The admin who made the change; null for the command line (`npm run admin:create`). */
  actorUserId: string | null;
  /** Who, when no account made it: shown in place of an e-mail. */
  actorLabel?: string;
  /** A stable code: "order.confirm_payment", "product.update", … */
  action: string;
  entityType: string;
  entityId: string;
  /** What a person calls the entity when its id is a UUID: order number, product name, coupon code. */
  entityLabel?: string | null;
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  const [actor] = entry.actorUserId ? await executor.select({ email: users.email }).from(users).where(eq(users.id, entry.actorUserId)) : [];
  await executor.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorEmail: actor?.email ?? entry.actorLabel ?? entry.actorUserId ?? "desconhecido",
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    entityLabel: entry.entityLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** When an action was last recorded (the go-live check's last backup download); null if never. */
export async function latestAuditAt(db: Database, action: string): Promise<Date | null> {
  const [latest] = await db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return latest?.at ?? null;
}

/** Newest first, optionally of one entity type or one entity. */
export async function listAuditLog(
  db: Database,
  query: AuditQuery,
): Promise<{ entries: AuditEntryView[]; page: number; hasMore: boolean }> {
  const filters: SQL[] = [];
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  const rows = await db
    .select()
    .from(auditLog)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      id: row.id,
      actorEmail: row.actorEmail,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      entityLabel: row.entityLabel,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    page: query.page,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

/**
 * Account deletion (LGPD): an entry about the customer's orders may hold free text naming them
 * (a cancel reason); `clean` is applied to every string of its before and after.
 */
export async function scrubAuditEntries(tx: Tx, entityType: string, entityIds: string[], clean: (text: string) => string): Promise<void> {
  if (entityIds.length === 0) return;
  const rows = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), inArray(auditLog.entityId, entityIds)));
  const cleanJson = (value: unknown): unknown =>
    value === null || value === undefined
      ? value
      : JSON.parse(JSON.stringify(value), (_key, item: unknown) => (typeof item === "string" ? clean(item) : item));
  for (const row of rows) {
    const before = cleanJson(row.before);
    const after = cleanJson(row.after);
    if (JSON.stringify(before) !== JSON.stringify(row.before) || JSON.stringify(after) !== JSON.stringify(row.after)) {
      await tx.update(auditLog).set({ before, after }).where(eq(auditLog.id, row.id));
    }
  }
}
