/**
 * The Pix shown on an order, made at the provider after the order's commit (decision 045): the
 * reconciliation module asks its provider, then writes the answer onto the order through these
 * functions (decision 048). Neither touches the order's status.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { orders } from "#platform/db/tables/orders.ts";
import type { Executor, OrderRow, Tx } from "#domain/orders/order-store.server.ts";

/** The order as stored; undefined when there is no such order. */
export async function findOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/**
 * Shows the provider's Pix code on the order, if the order still waits for this attempt's code.
 * Returns whether it did (then the customer's page is told).
 */
export async function showPixCode(tx: Tx, orderId: string, attempt: number, brCode: string | null): Promise<boolean> {
  const shown = await tx
    .update(orders)
    .set({ pixCode: brCode, pixChargeFailedAt: null, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.pixAttempt, attempt), eq(orders.status, "pending_payment"), isNull(orders.pixCode)))
    .returning({ id: orders.id });
  return shown.length > 0;
}

/** Marks this attempt's Pix as late (once per attempt). Returns whether it did. */
export async function markPixChargeFailed(tx: Tx, orderId: string, attempt: number): Promise<boolean> {
  const marked = await tx
    .update(orders)
    .set({ pixChargeFailedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.pixAttempt, attempt), isNull(orders.pixCode), isNull(orders.pixChargeFailedAt)))
    .returning({ id: orders.id });
  return marked.length > 0;
}

/** The status and Pix deadline of these orders, by id (the poller decides which charges to read again). */
export async function pixDeadlines(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, Pick<OrderRow, "status" | "pixExpiresAt">>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, status: orders.status, pixExpiresAt: orders.pixExpiresAt })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((row) => [row.id, { status: row.status, pixExpiresAt: row.pixExpiresAt }]));
}
