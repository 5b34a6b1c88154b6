/**
 * LGPD (decision 003): the account's export lists its orders; deleting the account keeps the orders
 * for the shop's books without the person in them.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { idempotencyKeys, orders, orderStatusHistory } from "#platform/db/schema.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import type { Tx } from "#domain/orders/order-store.server.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";

export async function exportCustomerOrders(db: Database, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const details = await Promise.all(rows.map((row) => getOrder(db, row.id, userId)));
  return details.filter((detail): detail is OrderDetail => detail !== null);
}

export const DELETED_CUSTOMER = "Conta excluída";

/** Inside deleteAccount's transaction: name, e-mail and address leave the orders; totals and lines stay. */
export async function anonymiseCustomerOrders(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ userId: null, customerName: DELETED_CUSTOMER, customerEmail: "", shippingAddress: null, updatedAt: new Date() })
    .where(eq(orders.userId, userId));
  await tx.update(orderStatusHistory).set({ actorUserId: null }).where(eq(orderStatusHistory.actorUserId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
