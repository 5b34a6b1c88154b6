/** Scheduled work (server/jobs, decision 014): safe with several instances, rows claimed with SKIP LOCKED. */
import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { orders } from "#platform/db/tables/orders.ts";
import { accountContacts } from "#domain/auth/account-names.server.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import { createNotifications, enqueueNotificationEmails } from "#domain/notifications/notifications.server.ts";
import { pixReminderMessage } from "#domain/notifications/mail-templates.ts";
import { shopNameForMail } from "#domain/notifications/shop-name.server.ts";
import { expireOrder } from "#domain/orders/expire-order.server.ts";
import { ratingReminderMessage } from "#domain/orders/order-messages.ts";
import { type Services, toNotification, type Tx } from "#domain/orders/order-store.server.ts";
import { PIX_REMINDER_MINUTES } from "#domain/orders/order-status.ts";

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
  options: {
    now?: Date;
    batch?: number;
    userId?: string;
    /** Runs in the batch's transaction with the orders it cancels (the maintenance panel audits its clean-up there). */
    inTransaction?: (tx: Tx, expired: ReadonlyArray<{ id: string; number: number }>) => Promise<void>;
  } = {},
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
    for (const order of due) await expireOrder(tx, services, order);
    if (due.length > 0) await options.inTransaction?.(tx, due);
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
    const recipients = await accountContacts(
      tx,
      created.map((item) => item.userId),
    );
    await enqueueNotificationEmails(tx, services, created, recipients);
    return created.length;
  });
}

/**
 * One e-mail per Pix, PIX_REMINDER_MINUTES before it expires (issue 19 item 5): a transactional
 * message about an order the customer placed, so it needs no marketing consent. `pix_reminded_for`
 * keeps the expiry it was sent for: a new Pix (a new expiry) can get its own reminder. With a Pix
 * shorter than twice the lead time a reminder would arrive right after the order: none is sent.
 */
export async function sendPixReminders(services: Services, options: { now?: Date; batch?: number } = {}): Promise<number> {
  if (services.config.PIX_EXPIRY_MINUTES < 2 * PIX_REMINDER_MINUTES) return 0;
  const now = options.now ?? new Date();
  return services.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending_payment"),
          gt(orders.pixExpiresAt, now),
          lte(orders.pixExpiresAt, new Date(now.getTime() + PIX_REMINDER_MINUTES * 60_000)),
          sql`${orders.pixRemindedFor} is distinct from ${orders.pixExpiresAt}`,
          // A Pix still being made at the provider (decision 045) has nothing to remind of yet.
          isNotNull(orders.pixCode),
          isNotNull(orders.userId),
        ),
      )
      .limit(options.batch ?? 50)
      .for("update", { skipLocked: true });
    // The customer's address and name, from the account (an order whose account is gone is not reminded).
    const contacts = await accountContacts(
      tx,
      locked.map((order) => order.userId!),
    );
    const due = locked.flatMap((order) => {
      const contact = contacts.get(order.userId!);
      return contact ? [{ order, email: contact.email, name: contact.name }] : [];
    });
    if (due.length === 0) return 0;
    await tx
      .update(orders)
      .set({ pixRemindedFor: sql`${orders.pixExpiresAt}` })
      .where(
        inArray(
          orders.id,
          due.map((row) => row.order.id),
        ),
      );
    const shop = await shopNameForMail(services);
    await enqueueEmails(
      tx,
      services.config,
      due.map(({ order, email, name }) =>
        pixReminderMessage({
          shop,
          to: email,
          name,
          order: { id: order.id, number: order.number, totalCents: order.totalCents },
          minutesLeft: Math.max(1, Math.ceil((order.pixExpiresAt.getTime() - now.getTime()) / 60_000)),
          publicUrl: services.config.PUBLIC_URL,
        }),
      ),
    );
    return due.length;
  });
}
