/**
 * Refunds. The order is the table's key, so a refund is recorded once, whoever asks and however
 * often: CDC art. 49's withdrawal records everything paid, freight included; the admin records the
 * amount actually sent back, which may be less than the total (a partial refund), never more.
 */
import { eq } from "drizzle-orm";
import { orderRefunds } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { formatDate } from "#domain/orders/order-status.ts";
import { type Executor, iso, type OrderRow, type Tx } from "#domain/orders/order-store.server.ts";
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
