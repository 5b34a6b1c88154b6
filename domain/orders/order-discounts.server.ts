/** The discounts an order was placed with, as the customer saw them (orders.discount_cents is their sum). */
import { orderDiscounts } from "#platform/db/tables/orders.ts";
import type { Tx } from "#domain/orders/order-store.server.ts";

export type OrderDiscountLine = Omit<typeof orderDiscounts.$inferInsert, "id" | "orderId">;

/** Writes the placed order's discount lines (a coupon's, the credit's) in the checkout's transaction. */
export async function recordDiscountLines(tx: Tx, orderId: string, lines: readonly OrderDiscountLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(orderDiscounts).values(lines.map((line) => ({ orderId, ...line })));
}
