/**
 * A withdrawal as a row (decision 044): opened by the customer's withdrawal, then moved by the
 * shop's steps. Only the order machine's effects step calls these, in the move's transaction, so
 * the row and the order's history never disagree.
 */
import { and, eq, inArray } from "drizzle-orm";
import { orderItems, orderReturns, type ReturnedItem } from "#platform/db/schema.ts";
import type { OrderRow, Tx } from "#domain/orders/order-store.server.ts";

export type ReturnKind = (typeof orderReturns.$inferSelect)["kind"];
export type ReturnStatus = (typeof orderReturns.$inferSelect)["status"];

/**
 * Opens the order's withdrawal with every line and the whole total (CDC art. 49: everything paid,
 * freight included). Before shipping nothing comes back: it is approved at once.
 */
export async function openReturn(tx: Tx, order: OrderRow, kind: ReturnKind, reason: string | null): Promise<void> {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      totalCents: orderItems.finalTotalCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const items: ReturnedItem[] = lines;
  await tx
    .insert(orderReturns)
    .values({
      orderId: order.id,
      kind,
      status: kind === "before_shipping" ? "approved" : "requested",
      reason,
      items,
      amountCents: order.totalCents,
    })
    .onConflictDoNothing({ target: orderReturns.orderId });
}

/** Moves the order's return from one of `from` to `to`; nothing when it has none in those states. */
export async function moveReturn(tx: Tx, orderId: string, from: readonly ReturnStatus[], to: ReturnStatus): Promise<void> {
  await tx
    .update(orderReturns)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orderReturns.orderId, orderId), inArray(orderReturns.status, [...from])));
}

export async function returnOf(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
  return row ?? null;
}
