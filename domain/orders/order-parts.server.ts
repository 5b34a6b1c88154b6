/**
 * Reading an order's parts (decision 081) and its carrier timeline (decision 080): which lines are
 * goods (one shipment), services (each held on its own) or courses and e-books (access given at
 * payment), and where each one stands. The machine asks `servicesNotHeld` before any move into
 * `delivered`: an order is delivered only when every part is.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { orderCarrierEvents, orderItems, orders } from "#platform/db/tables/orders.ts";
import { productCategories } from "#domain/catalog/product-lookups.server.ts";
import { CARRIER_RANK, type CarrierStatus } from "#domain/orders/carrier-statuses.ts";
import { type OrderFulfilment, type OrderPart, type OrderTracking, type PartState, trackingPageUrl } from "#domain/orders/order-parts.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";
import { type Executor, iso, isUuid, notFound } from "#domain/orders/order-store.server.ts";

type Line = { id: string; productId: string; productName: string; needsShipping: boolean; heldAt: Date | null };
type PartOrder = { id: string; status: OrderStatus; paidAt: Date | null; deliveredAt: Date | null; trackingCode: string | null };

/** Paid and not given back: what was bought is the customer's (as digital delivery reads it, decision 030). */
const KEPT = new Set<OrderStatus>(["paid", "preparing", "shipped", "delivered"]);

/** Each line with what kind of part it is: goods ship; a consultoria, mentoria or auditoria is held; the rest is access. */
async function classifiedLines(db: Executor, orderId: string): Promise<Array<Line & { kind: OrderPart["kind"] }>> {
  const lines = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      needsShipping: orderItems.needsShipping,
      heldAt: orderItems.heldAt,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName));
  const categories = await productCategories(
    db,
    lines.map((line) => line.productId),
  );
  return lines.map((line) => ({
    ...line,
    kind: line.needsShipping ? "shipment" : categories.get(line.productId) === "consultoria" ? "service" : "access",
  }));
}

/** The order's service lines not held yet (names in product order); empty when none waits. */
export async function servicesNotHeld(
  db: Executor,
  orderId: string,
): Promise<Array<{ id: string; productId: string; productName: string }>> {
  const unheld = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.needsShipping, false), isNull(orderItems.heldAt)))
    .limit(50);
  if (unheld.length === 0) return [];
  return (await classifiedLines(db, orderId)).filter((line) => line.kind === "service" && line.heldAt === null);
}

/** Marks every service line of the order not held yet as held now, by `adminId`. */
export async function holdAllServices(tx: Executor, orderId: string, adminId: string): Promise<void> {
  const waiting = await servicesNotHeld(tx, orderId);
  if (waiting.length === 0) return;
  await tx
    .update(orderItems)
    .set({ heldAt: new Date(), heldBy: adminId })
    .where(
      and(
        eq(orderItems.orderId, orderId),
        inArray(
          orderItems.id,
          waiting.map((line) => line.id),
        ),
      ),
    );
}

/** The service lines of an order, held or not (the owner's "Marcar como realizada" finds its line here). */
export async function serviceLines(db: Executor, orderId: string): Promise<Line[]> {
  return (await classifiedLines(db, orderId)).filter((line) => line.kind === "service");
}

/** Whether the order has goods to ship. */
export async function hasGoods(db: Executor, orderId: string): Promise<boolean> {
  const [line] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.needsShipping, true)))
    .limit(1);
  return line !== undefined;
}

export type CarrierEventRow = typeof orderCarrierEvents.$inferSelect;

/** The carrier's events of the order, oldest first (ties: as they arrived). */
export async function carrierEventsOf(db: Executor, orderId: string): Promise<CarrierEventRow[]> {
  return db
    .select()
    .from(orderCarrierEvents)
    .where(eq(orderCarrierEvents.orderId, orderId))
    .orderBy(asc(orderCarrierEvents.occurredAt), asc(orderCarrierEvents.createdAt));
}

/** The furthest stage the carrier reported (0: nothing yet). */
export function furthestRank(events: ReadonlyArray<{ status: CarrierStatus }>): number {
  return events.reduce((furthest, event) => Math.max(furthest, CARRIER_RANK[event.status]), 0);
}

const STAGE_STATE: Record<CarrierStatus, PartState> = {
  posted: "shipped",
  in_transit: "in_transit",
  out_for_delivery: "out_for_delivery",
  delivered: "delivered",
  undelivered: "undelivered",
  returned: "returned",
};

/** Where the parcel is: the furthest news of the carrier, or what the order's status says when the carrier said nothing. */
function shipmentState(order: PartOrder, events: CarrierEventRow[]): { state: PartState; doneAt: string | null } {
  const furthest = [...events].sort((a, b) => CARRIER_RANK[b.status] - CARRIER_RANK[a.status])[0];
  if (order.status === "delivered" && (!furthest || furthest.status !== "returned")) {
    const arrived = events.find((event) => event.status === "delivered");
    return { state: "delivered", doneAt: iso(arrived?.occurredAt ?? order.deliveredAt) };
  }
  if (furthest) return { state: STAGE_STATE[furthest.status], doneAt: furthest.status === "delivered" ? iso(furthest.occurredAt) : null };
  return { state: order.status === "shipped" ? "shipped" : "waiting", doneAt: null };
}

/** The order's parts as both order pages show them: the shipment first, then each service and course. */
export async function orderParts(db: Executor, order: PartOrder, events?: CarrierEventRow[]): Promise<OrderPart[]> {
  const lines = await classifiedLines(db, order.id);
  const parts: OrderPart[] = [];
  const goods = lines.filter((line) => line.kind === "shipment");
  if (goods.length > 0) {
    const shipment = shipmentState(order, events ?? (await carrierEventsOf(db, order.id)));
    parts.push({ kind: "shipment", productId: null, label: goods.map((line) => line.productName).join(", "), ...shipment });
  }
  for (const line of lines) {
    if (line.kind === "service") {
      // Delivered before parts existed: the owner's "Entregue" said it was held.
      const heldAt = line.heldAt ?? (order.status === "delivered" ? order.deliveredAt : null);
      parts.push({
        kind: "service",
        productId: line.productId,
        label: line.productName,
        state: heldAt ? "held" : "waiting",
        doneAt: iso(heldAt),
      });
    }
    if (line.kind === "access") {
      const given = KEPT.has(order.status) && order.paidAt !== null;
      parts.push({
        kind: "access",
        productId: line.productId,
        label: line.productName,
        state: given ? "available" : "waiting",
        doneAt: given ? iso(order.paidAt) : null,
      });
    }
  }
  return parts;
}

/** The shipment's tracking as the customer follows it: the code, the link (the carrier's own page when it sent one), the events. */
export function orderTracking(order: PartOrder, events: CarrierEventRow[]): OrderTracking | null {
  if (!order.trackingCode && events.length === 0) return null;
  const linked = [...events].reverse().find((event) => event.trackingUrl);
  const url = linked?.trackingUrl ?? (order.trackingCode ? trackingPageUrl(order.trackingCode) : null);
  return {
    code: order.trackingCode,
    url,
    events: events.map((event) => ({ status: event.status, trackingCode: event.trackingCode, occurredAt: event.occurredAt.toISOString() })),
  };
}

/**
 * The order's parts and tracking, as its pages show them. `ownerId`: only that customer's order
 * (another's is as missing as one that does not exist, 404).
 */
export async function orderFulfilment(db: Executor, orderId: string, ownerId?: string): Promise<OrderFulfilment> {
  if (!isUuid(orderId)) throw notFound();
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      paidAt: orders.paidAt,
      deliveredAt: orders.deliveredAt,
      trackingCode: orders.trackingCode,
    })
    .from(orders)
    .where(ownerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, ownerId)));
  if (!order) throw notFound();
  const events = await carrierEventsOf(db, order.id);
  return { parts: await orderParts(db, order, events), tracking: orderTracking(order, events) };
}
