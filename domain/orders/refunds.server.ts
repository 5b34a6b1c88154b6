/**
 * Refunds (CDC art. 49: everything paid, freight included). The order is the table's key, so a
 * refund is recorded once, whoever asks and however often.
 */
import { eq } from "drizzle-orm";
import { orderRefunds } from "#platform/db/schema.ts";
import { type Executor, iso, type OrderRow, type Tx } from "#domain/orders/order-store.server.ts";

export type RefundReason = "withdrawal" | "admin";

/** Records the refund of the whole order (its total, which includes the freight); true if this call recorded it. */
export async function recordRefund(tx: Tx, order: OrderRow, reason: RefundReason): Promise<boolean> {
  const rows = await tx
    .insert(orderRefunds)
    .values({ orderId: order.id, amountCents: order.totalCents, shippingCents: order.shippingCents, reason })
    .onConflictDoNothing({ target: orderRefunds.orderId })
    .returning({ orderId: orderRefunds.orderId });
  return rows.length > 0;
}

export async function refundOf(db: Executor, orderId: string) {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return row ? { amountCents: row.amountCents, shippingCents: row.shippingCents, createdAt: iso(row.createdAt)! } : null;
}
