/**
 * The maintenance panel's clean-ups (issue 18 item 6, decision 025). Each has one condition, kept by
 * the module that owns the rows (decision 048) and used both to count what it would touch (the
 * preview the admin reads before running it) and to run it, so the two cannot disagree but for rows
 * that changed in between. Every run is audited.
 */
import type { AppServices } from "#platform/services.ts";
import type { Database } from "#platform/db/client.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { countExpiredSessions, deleteExpiredSessions } from "#domain/auth/expired-sessions.server.ts";
import { countStaleVisitorCarts, deleteStaleVisitorCarts } from "#domain/cart/stale-carts.server.ts";
import { countOldReadNotifications, deleteOldReadNotifications } from "#domain/notifications/notifications.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { countExpiredPixOrders } from "#domain/orders/expired-pix.server.ts";
import { DomainError } from "#domain/errors.ts";
import { CLEANUPS_WITH_DAYS, type CleanupKind, type CleanupPreview } from "#domain/maintenance/maintenance-schemas.ts";

export type CleanupDays = { cartDays: number; notificationDays: number };

/** What each clean-up would touch now. */
export async function previewCleanups(db: Database, days: CleanupDays): Promise<CleanupPreview> {
  return {
    cleanups: [
      { kind: "stale-carts", days: days.cartDays, count: await countStaleVisitorCarts(db, days.cartDays) },
      { kind: "expired-pix", days: null, count: await countExpiredPixOrders(db) },
      { kind: "read-notifications", days: days.notificationDays, count: await countOldReadNotifications(db, days.notificationDays) },
      { kind: "expired-sessions", days: null, count: await countExpiredSessions(db) },
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
    if (kind === "stale-carts") removed = await deleteStaleVisitorCarts(tx, days!);
    else if (kind === "read-notifications") removed = await deleteOldReadNotifications(tx, days!);
    else removed = await deleteExpiredSessions(tx);
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
