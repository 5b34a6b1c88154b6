/** The order as the delivery module reads it (decision 048): delivery cannot call orders, which imports it. */
import { asc, eq } from "drizzle-orm";
import { orderItems, orders } from "#platform/db/tables/orders.ts";
import type { DeliveredOrder } from "#domain/delivery/deliveries.server.ts";
import { type Executor, isUuid } from "#domain/orders/order-store.server.ts";

/** What the delivery module needs of an order (decision 048: delivery cannot call orders, which imports it). */
export async function orderForDelivery(db: Executor, orderId: string): Promise<DeliveredOrder | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, status: orders.status, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({ productId: orderItems.productId, productName: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName));
  return { ...order, lines };
}
