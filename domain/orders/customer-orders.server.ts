/**
 * What other modules may know of a customer's orders, read through the orders module (decision 048):
 * the coupons' "first purchase", the download links' and the reviews' "is it yours, and where is it".
 */
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { orderItems, orders } from "#platform/db/tables/orders.ts";
import type { Database } from "#platform/db/client.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";

/** A database or a transaction: these functions only read. */
type Executor = Pick<Database, "select">;

/** Whether the customer has an order that counts as a purchase: one cancelled or expired does not; one waiting for its Pix does. */
export async function hasLiveOrder(executor: Executor, userId: string): Promise<boolean> {
  const [earlier] = await executor
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, "cancelled")));
  return (earlier?.n ?? 0) > 0;
}

/** The customer's own order's status; null when there is no such order or it is someone else's. */
export async function customerOrderStatus(executor: Executor, orderId: string, userId: string): Promise<OrderStatus | null> {
  const [order] = await executor
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order?.status ?? null;
}

/** The numbers people read ("#10001") of these orders, by id; with `userId`, only that customer's orders. */
export async function orderNumbers(executor: Executor, ids: readonly string[], userId?: string): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(inArray(orders.id, [...new Set(ids)]), userId === undefined ? undefined : eq(orders.userId, userId)));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** Whether the order holds a line of this product. */
export async function orderHasProduct(executor: Executor, orderId: string, productId: string): Promise<boolean> {
  const [item] = await executor
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)))
    .limit(1);
  return item !== undefined;
}
