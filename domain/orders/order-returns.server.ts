/**
 * A withdrawal as a row (decision 044): opened by the customer's withdrawal, then moved by the
 * shop's steps. Only the order machine's effects step calls these, in the move's transaction, so
 * the row and the order's history never disagree.
 */
import { and, eq, inArray } from "drizzle-orm";
import { orderItems, orderReturns, type ReturnedItem } from "#platform/db/tables/orders.ts";
import type { OrderRow, Tx } from "#domain/orders/order-store.server.ts";

export type ReturnKind = (typeof orderReturns.$inferSelect)["kind"];
export type ReturnStatus = (typeof orderReturns.$inferSelect)["status"];

/**
 * What a withdrawal gives back (decision 081): every line but the services already held (a
 * consultoria that took place does not come back), and their share of the money: the lines, the
 * freight (CDC art. 49) and their part of the order's discounts. An order with nothing held gives
 * back its whole total, as before.
 */
export async function returnShare(tx: Tx, order: OrderRow): Promise<{ items: ReturnedItem[]; amountCents: number }> {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      totalCents: orderItems.finalTotalCents,
      heldAt: orderItems.heldAt,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const items: ReturnedItem[] = lines
    .filter((line) => line.heldAt === null)
    .map(({ productId, productName, quantity, totalCents }) => ({ productId, productName, quantity, totalCents }));
  if (items.length === lines.length) return { items, amountCents: order.totalCents };
  const linesCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const backCents = items.reduce((sum, line) => sum + line.totalCents, 0);
  const discountShare = linesCents > 0 ? Math.round((order.discountCents * backCents) / linesCents) : 0;
  const freight = items.length > 0 ? order.shippingCents : 0;
  return { items, amountCents: Math.max(0, Math.min(order.totalCents, backCents + freight - discountShare)) };
}

/**
 * Opens the order's withdrawal with what comes back (returnShare). Before shipping nothing comes
 * back: it is approved at once.
 */
export async function openReturn(tx: Tx, order: OrderRow, kind: ReturnKind, reason: string | null): Promise<void> {
  const { items, amountCents } = await returnShare(tx, order);
  await tx
    .insert(orderReturns)
    .values({
      orderId: order.id,
      kind,
      status: kind === "before_shipping" ? "approved" : "requested",
      reason,
      items,
      amountCents,
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
