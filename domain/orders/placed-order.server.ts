/**
 * What the checkout reads and writes of the orders' tables, through the orders module (decision 048):
 * the new order with its lines, its number, and the orders an attempt may find already placed. The
 * first history row is order-machine's (recordPlacedOrder, decision 043).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { orderItems, orders } from "#platform/db/tables/orders.ts";
import type { Executor, Tx } from "#domain/orders/order-store.server.ts";

export type PlacedOrder = typeof orders.$inferInsert & { id: string; number: number };
export type PlacedOrderLine = Omit<typeof orderItems.$inferInsert, "orderId">;

/** The next order number, taken from the orders' sequence before the order is saved (the Pix carries it). */
export async function nextOrderNumber(tx: Tx): Promise<number> {
  const numberRows = await tx.execute<{ number: string }>(sql`select nextval(pg_get_serial_sequence('orders', 'number')) as number`);
  return Number(numberRows.rows[0]!.number);
}

/** Saves the new order (its id and number chosen by the checkout) and its lines; returns its id. */
export async function insertPlacedOrder(tx: Tx, order: PlacedOrder, lines: readonly PlacedOrderLine[]): Promise<string> {
  const [inserted] = await tx.insert(orders).overridingSystemValue().values(order).returning({ id: orders.id });
  const orderId = inserted!.id;
  await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId })));
  return orderId;
}

/** The order's number; null when there is no such order. */
export async function orderNumberOf(db: Executor, orderId: string): Promise<number | null> {
  const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  return row?.number ?? null;
}

/** The customer's order placed in the last five minutes and still waiting for its Pix, if any (a concurrent submit made it). */
export async function recentPendingOrder(tx: Tx, userId: string): Promise<{ id: string; number: number } | undefined> {
  const [recent] = await tx
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending_payment"), sql`${orders.createdAt} > now() - interval '5 minutes'`))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return recent;
}
