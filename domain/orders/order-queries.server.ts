/** Reading orders: the customer's list, the admin's list, and one order with lines and history. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderDiscounts, orderItems, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { resolveProductImage } from "#domain/catalog/image-resolution.ts";
import { adminImages } from "#domain/catalog/product-lookups.server.ts";
import { type Executor, iso, isUuid } from "#domain/orders/order-store.server.ts";
import type { OrderDetail, OrderSummary } from "#domain/orders/order-types.ts";
import { renderHistoryNote } from "#domain/orders/order-moves.ts";
import { refundOf } from "#domain/orders/refunds.server.ts";
import { withdrawalState } from "#domain/orders/withdrawal.server.ts";
import { pixRenewable } from "#domain/orders/order-status.ts";
import { paidCardPayment } from "#domain/payments/card-payments.server.ts";

type LinePreview = { productName: string; image: string };

/** Each order's lines as the list shows them: the product's name then and its picture now (spec §4's resolution). */
async function linePreviews(db: Executor, ids: string[]): Promise<Map<string, LinePreview[]>> {
  const previews = new Map<string, LinePreview[]>();
  if (ids.length === 0) return previews;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.productName));
  const images = await adminImages(
    db,
    rows.map((row) => row.productId),
  );
  for (const row of rows) {
    const image = resolveProductImage({ dbImage: images.get(row.productId) ?? null, name: row.productName, id: row.productId });
    previews.set(row.orderId, [...(previews.get(row.orderId) ?? []), { productName: row.productName, image }]);
  }
  return previews;
}

const LIST_LIMIT = 100;

/** The list rows of these orders, with their lines (names and pictures); the customer's name and e-mail only for the admin. */
async function summaries(db: Database, rows: Array<typeof orders.$inferSelect>, withCustomer: boolean): Promise<OrderSummary[]> {
  const previews = await linePreviews(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    itemCount: previews.get(row.id)?.length ?? 0,
    lines: previews.get(row.id) ?? [],
    ...(withCustomer ? { customerEmail: row.customerEmail, customerName: row.customerName } : {}),
  }));
}

/** A customer's own orders, newest first. */
/** The numbers of these orders that are the customer's, by id (the referral ledger's lines; decision 048). */
export async function customerOrderNumbers(db: Database, userId: string, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(inArray(orders.id, [...new Set(orderIds)]), eq(orders.userId, userId)));
  return new Map(rows.map((row) => [row.id, row.number]));
}

export async function listCustomerOrders(db: Database, userId: string): Promise<OrderSummary[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(LIST_LIMIT);
  return summaries(db, rows, false);
}

/**
 * One order with lines and history. `ownerId`: only when it belongs to that customer (another
 * customer's order is exactly as missing as one that does not exist). Null when not found.
 */
export async function getOrder(db: Executor, id: string, ownerId?: string): Promise<OrderDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(ownerId === undefined ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, ownerId)));
  if (!row) return null;
  const [items, history, refund, paidCard, discounts] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.productName)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    refundOf(db, id),
    paidCardPayment(db, id),
    db
      .select({ kind: orderDiscounts.kind, label: orderDiscounts.label, amountCents: orderDiscounts.amountCents })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.orderId, id))
      .orderBy(asc(orderDiscounts.kind)),
  ]);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    itemCount: items.length,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    subtotalCents: row.subtotalCents,
    packagingCents: row.packagingCents,
    shippingCents: row.shippingCents,
    discountCents: row.discountCents,
    discounts,
    shippingMethod: row.shippingMethod,
    shippingDays: row.shippingDays,
    productionDays: row.productionDays,
    shippingAddress: row.shippingAddress,
    trackingCode: row.trackingCode,
    paidAt: iso(row.paidAt),
    deliveredAt: iso(row.deliveredAt),
    ...withdrawalState(row, history),
    refund,
    cancelReason: row.cancelReason,
    ...(paidCard ? { paidByCard: true as const } : {}),
    // A coupon or credit given back at the expiry is not claimed again: such an order is bought again from the cart (decision 031).
    pixRenewable: pixRenewable(row, new Date()) && discounts.length === 0,
    pix:
      row.status === "pending_payment" && row.pixCode !== null
        ? { code: row.pixCode, txid: row.pixTxid, expiresAt: row.pixExpiresAt.toISOString() }
        : null,
    // A provider's Pix made after the order's commit (decision 045): the page says it is on its way, or late.
    pixGeneration: row.status === "pending_payment" && row.pixCode === null ? (row.pixChargeFailedAt ? "failed" : "generating") : null,
    items: items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      productSlug: item.productSlug,
      unitType: item.unitType,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      totalPriceCents: item.totalPriceCents,
      packagingFeeCents: item.packagingFeeCents,
      finalTotalCents: item.finalTotalCents,
      needsShipping: item.needsShipping,
    })),
    history: history.map((entry) => ({
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      reason: entry.reason,
      note: renderHistoryNote(entry),
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
