/**
 * The maintenance panel's clean-ups (issue 18 item 6, decision 025). Each has one condition, used
 * both to count what it would touch (the preview the admin reads before running it) and to run it,
 * so the two cannot disagree but for rows that changed in between. Every run is audited.
 */
import { and, count, eq, isNull, lt, lte, notExists, sql, type SQL } from "drizzle-orm";
import type { AppServices } from "#platform/services.ts";
import type { Database } from "#platform/db/client.ts";
import { sessions } from "#platform/db/tables/auth.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { notifications } from "#platform/db/tables/notifications.ts";
import { orders } from "#platform/db/tables/orders.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { DomainError } from "#domain/errors.ts";
import { CLEANUPS_WITH_DAYS, type CleanupKind, type CleanupPreview } from "#domain/maintenance/maintenance-schemas.ts";

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * A visitor's cart (no account) still open whose cart and lines were all last touched before the
 * cut-off. The cart's own updated_at does not move on an add, so its lines' times count too.
 */
const staleCart = (days: number): SQL =>
  and(
    isNull(carts.userId),
    eq(carts.status, "active"),
    lt(carts.updatedAt, daysAgo(days)),
    notExists(
      // A correlated sub-select on the line index (cart_id leads it).
      sql`(select 1 from ${cartItems} where ${cartItems.cartId} = ${carts.id} and ${cartItems.updatedAt} >= ${daysAgo(days)})`,
    ),
  )!;

const readNotification = (days: number): SQL => and(eq(notifications.read, true), lt(notifications.createdAt, daysAgo(days)))!;
const expiredSession = (): SQL => lt(sessions.expiresAt, sql`now()`);
const expiredPix = (): SQL => and(eq(orders.status, "pending_payment"), lte(orders.pixExpiresAt, sql`now()`))!;

export type CleanupDays = { cartDays: number; notificationDays: number };

/** What each clean-up would touch now. */
export async function previewCleanups(db: Database, days: CleanupDays): Promise<CleanupPreview> {
  const counted = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;
  return {
    cleanups: [
      {
        kind: "stale-carts",
        days: days.cartDays,
        count: await counted(db.select({ n: count() }).from(carts).where(staleCart(days.cartDays))),
      },
      { kind: "expired-pix", days: null, count: await counted(db.select({ n: count() }).from(orders).where(expiredPix())) },
      {
        kind: "read-notifications",
        days: days.notificationDays,
        count: await counted(db.select({ n: count() }).from(notifications).where(readNotification(days.notificationDays))),
      },
      { kind: "expired-sessions", days: null, count: await counted(db.select({ n: count() }).from(sessions).where(expiredSession())) },
    ],
  };
}

const daysRequired = () => new DomainError("invalid", "validation_error", "Informe há quantos dias (days) para esta limpeza.");

/** Runs one clean-up; returns how many rows (carts, orders, notifications, sessions) it touched. */
export async function runCleanup(services: AppServices, actorUserId: string, kind: CleanupKind, days: number | undefined): Promise<number> {
  const withDays = CLEANUPS_WITH_DAYS.has(kind);
  if (withDays && days === undefined) throw daysRequired();
  const audit = (tx: Parameters<typeof recordAudit>[0], removed: number, extra: object = {}) =>
    recordAudit(tx, {
      actorUserId,
      action: `cleanup.${kind}`,
      entityType: "cleanup",
      entityId: kind,
      after: { removed, ...(withDays ? { days } : {}), ...extra },
    });
  if (kind === "expired-pix") return expireAllPix(services, audit);
  return services.db.transaction(async (tx) => {
    let removed: number;
    if (kind === "stale-carts") removed = (await tx.delete(carts).where(staleCart(days!)).returning({ id: carts.id })).length;
    else if (kind === "read-notifications")
      removed = (await tx.delete(notifications).where(readNotification(days!)).returning({ id: notifications.id })).length;
    else removed = (await tx.delete(sessions).where(expiredSession()).returning({ id: sessions.id })).length;
    await audit(tx, removed);
    return removed;
  });
}

/**
 * Expired Pix orders still pending: the expiry job's own work (cancel, stock back, customer told),
 * done now in its batches, each audited in its transaction with the orders it cancelled. Normally
 * the job leaves none; some here mean the jobs are not running (see the health).
 */
async function expireAllPix(
  services: AppServices,
  audit: (tx: Parameters<typeof recordAudit>[0], removed: number, extra?: object) => Promise<void>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await expirePendingOrders(services, {
      inTransaction: (tx, batch) => audit(tx, batch.length, { orders: batch.map((order) => order.number) }),
    });
    total += expired;
    if (expired === 0) return total;
  }
}
