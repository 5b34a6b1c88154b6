/**
 * Refunds. The order is the table's key, so a refund is recorded once, whoever asks and however
 * often: CDC art. 49's withdrawal records everything paid, freight included; the admin records the
 * amount actually sent back, which may be less than the total (a partial refund), never more.
 */
import { eq, sql } from "drizzle-orm";
import { orderRefunds, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { DomainError } from "#domain/errors.ts";
import { createNotifications } from "#domain/notifications/notifications.server.ts";
import { refundMessage } from "#domain/orders/order-messages.ts";
import { formatDate } from "#domain/orders/order-status.ts";
import { type Executor, iso, type OrderRow, toNotification, type Tx } from "#domain/orders/order-store.server.ts";
import { formatBRL } from "#domain/pricing/money.ts";

export type RefundReason = "withdrawal" | "admin";

/**
 * Records the refund of `amountCents` (default: the whole total, which includes the freight); true
 * if this call recorded it. The freight counts as refunded only with the whole total: a partial
 * amount is the goods' part.
 */
export async function recordRefund(tx: Tx, order: OrderRow, reason: RefundReason, amountCents = order.totalCents): Promise<boolean> {
  const rows = await tx
    .insert(orderRefunds)
    .values({ orderId: order.id, amountCents, shippingCents: amountCents === order.totalCents ? order.shippingCents : 0, reason })
    .onConflictDoNothing({ target: orderRefunds.orderId })
    .returning({ orderId: orderRefunds.orderId });
  return rows.length > 0;
}

export async function refundOf(db: Executor, orderId: string) {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return row ? { amountCents: row.amountCents, shippingCents: row.shippingCents, createdAt: iso(row.createdAt)! } : null;
}

/** The history note of an admin's refund: the amount, and the admin's note when given. */
export const refundNote = (amountCents: number, note?: string | null) =>
  `Reembolso registrado: ${formatBRL(amountCents)}${note ? `. ${note}` : ""}`;

/**
 * Why this order cannot be refunded now (null: it can). Checked under the order's row lock, so of
 * two admins (or two taps) at once the second finds the first's refund and is told so.
 */
export async function refundRefusal(tx: Tx, order: OrderRow, amountCents: number): Promise<DomainError | null> {
  const existing = await refundOf(tx, order.id);
  if (existing) {
    return new DomainError(
      "conflict",
      "already_refunded",
      `O reembolso deste pedido já foi registrado em ${formatDate(existing.createdAt)}: ${formatBRL(existing.amountCents)}.`,
    );
  }
  if (amountCents > order.totalCents) {
    return new DomainError(
      "invalid",
      "refund_over_total",
      `O reembolso não pode passar do total do pedido, ${formatBRL(order.totalCents)}.`,
    );
  }
  if (order.status === "pending_payment") {
    return new DomainError("conflict", "not_paid", "Este pedido ainda não foi pago: não há o que reembolsar.");
  }
  if (order.status === "cancelled" && !order.paidAt) {
    return new DomainError("conflict", "not_paid", "Este pedido foi cancelado sem pagamento: não há o que reembolsar.");
  }
  return null;
}

/**
 * A refund on an order that stays as it is: a paid order the shop cancelled, or one already marked
 * refunded before refunds were recorded. One history entry (the status unchanged) and the customer told.
 */
export async function refundInPlace(tx: Tx, order: OrderRow, input: { amountCents: number; note?: string | null; actorUserId: string }) {
  await recordRefund(tx, order, "admin", input.amountCents);
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    note: refundNote(input.amountCents, input.note),
    actorUserId: input.actorUserId,
    createdAt: sql`clock_timestamp()`,
  });
  if (!order.userId) return [];
  return createNotifications(tx, [
    toNotification(
      order.userId,
      order.id,
      refundMessage({ number: order.number, totalCents: order.totalCents, refundCents: input.amountCents }),
    ),
  ]);
}
