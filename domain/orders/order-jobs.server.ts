/** Scheduled work (server/jobs, decision 014): safe with several instances, rows claimed with SKIP LOCKED. */
import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import { orders } from "#platform/db/schema.ts";
import { createNotifications, enqueueNotificationEmails, type CreatedNotification } from "#domain/notifications/notifications.server.ts";
import { paymentMessage, ratingReminderMessage } from "#domain/orders/order-messages.ts";
import { type Services, toNotification } from "#domain/orders/order-store.server.ts";
import { applyChange } from "#domain/orders/order-transitions.server.ts";

/** How long after its deadline a provider's unpaid order waits for the reconciliation job. */
export const PROVIDER_EXPIRY_GRACE_MS = 5 * 60_000;

/**
 * Cancels unpaid orders whose Pix expired and releases their stock. Each instance claims a batch
 * with `FOR UPDATE SKIP LOCKED`, so two instances never process the same order. Returns how many.
 * With `userId`, only that customer's orders: their order pages call it before reading, so an order
 * whose countdown reached zero reads as cancelled at once instead of at the job's next tick.
 */
export async function expirePendingOrders(
  services: Services,
  options: { now?: Date; batch?: number; userId?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  let expired = 0;
  await services.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending_payment"),
          lte(orders.pixExpiresAt, now),
          // A provider's charge is read back first by the reconciliation job, which expires it with
          // the order (decision 036); this catches it only if that job could not, after a grace.
          or(eq(orders.paymentProvider, "static_pix"), lte(orders.pixExpiresAt, new Date(now.getTime() - PROVIDER_EXPIRY_GRACE_MS))),
          options.userId ? eq(orders.userId, options.userId) : undefined,
        ),
      )
      .orderBy(asc(orders.pixExpiresAt))
      .limit(options.batch ?? 50)
      .for("update", { skipLocked: true });
    expired = due.length;
    const all: CreatedNotification[] = [];
    for (const order of due) {
      all.push(
        ...(await applyChange(tx, services, order, {
          to: "cancelled",
          actorUserId: null,
          note: "Pix expirado",
          set: { cancelReason: "Pix expirado" },
          message: paymentMessage({ number: order.number, totalCents: order.totalCents }, "expired"),
        })),
      );
    }
    await enqueueNotificationEmails(tx, services, all);
  });
  return expired;
}

/** Sends the rating_reminder of delivered orders whose time has come (claimed with SKIP LOCKED). */
export async function sendRatingReminders(services: Services, options: { now?: Date; batch?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  return services.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "delivered"), lte(orders.ratingReminderAt, now)))
      .limit(options.batch ?? 50)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(orders)
      .set({ ratingReminderAt: null })
      .where(
        inArray(
          orders.id,
          due.map((order) => order.id),
        ),
      );
    const created = await createNotifications(
      tx,
      due
        .filter((order) => order.userId)
        .map((order) =>
          toNotification(order.userId!, order.id, ratingReminderMessage({ number: order.number, totalCents: order.totalCents })),
        ),
    );
    await enqueueNotificationEmails(tx, services, created);
    return created.length;
  });
}
