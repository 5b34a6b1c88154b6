/**
 * What other modules read of the provider charges (the `payments` rows) through the payments module
 * (decision 048): an order's charges for the admins, the end-to-end id of the Pix that paid an order.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { payments } from "#platform/db/tables/payments.ts";

type Reader = Pick<Database, "select">;

export type ChargeRow = typeof payments.$inferSelect;

/** Every provider charge of an order, oldest first. */
export async function chargesOfOrder(db: Reader, orderId: string): Promise<ChargeRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

/** For each of these orders, the end-to-end id of its latest paid charge (a refund is sent back to it); orders without one are left out. */
export async function paidEndToEndIds(db: Reader, orderIds: readonly string[]): Promise<Map<string, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, e2eId: payments.e2eId })
    .from(payments)
    .where(and(inArray(payments.orderId, [...new Set(orderIds)]), eq(payments.status, "paid")))
    .orderBy(desc(payments.paidAt));
  const latest = new Map<string, string | null>();
  for (const row of rows) if (row.orderId && !latest.has(row.orderId)) latest.set(row.orderId, row.e2eId);
  return latest;
}

/** The charges still open (waiting for payment, or for their refund), least recently read first: the poller's candidates. */
export async function openCharges(db: Reader): Promise<ChargeRow[]> {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.status, ["pending", "refund_pending"]))
    .orderBy(asc(payments.updatedAt));
}

/** The poller read the charge from its provider just now (it is read again after RECHECK_MS). */
export async function markChargeRead(db: Pick<Database, "update">, id: string): Promise<void> {
  await db.update(payments).set({ updatedAt: new Date() }).where(eq(payments.id, id));
}

/** A pending charge is over at the provider (expired or cancelled); false when it was no longer pending. */
export async function closePendingCharge(tx: Pick<Database, "update">, id: string, status: "expired" | "cancelled"): Promise<boolean> {
  const claimed = await tx
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")))
    .returning();
  return claimed.length > 0;
}
