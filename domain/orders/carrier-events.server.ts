/**
 * What the carrier says about an order's parcel (issue 30 item 5, decision 080): posted, in transit,
 * out for delivery, delivered, undelivered or returned. The labels module calls this in the
 * transaction that records a label's new status (webhook or polling); the owner typing a code with
 * the table provider reaches the same moves (ship-order.server.ts).
 *
 * Each event is a row keyed by (source, eventId): the same event again (five webhooks at once, the
 * webhook and the polling) finds its row and changes nothing. The order never moves backwards: an
 * event not further along than the furthest one already reached (a "posted" after "delivered") is
 * kept for the customer's timeline and moves nothing. Every move goes through the order machine,
 * whose one effects step tells the customer (notification, e-mail with the tracking link, push).
 */
import { eq } from "drizzle-orm";
import { orderCarrierEvents } from "#platform/db/tables/orders.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import { publish, userTopic } from "#platform/realtime/bus.ts";
import { accountContacts } from "#domain/auth/account-names.server.ts";
import { adminUserIds } from "#domain/auth/admins.server.ts";
import { deliveryProblemMessage } from "#domain/notifications/mail-templates.ts";
import { shopNameForMail } from "#domain/notifications/shop-name.server.ts";
import type { EmailExtra } from "#domain/notifications/notifications.server.ts";
import { CARRIER_RANK, CARRIER_STATUSES, type CarrierStatus } from "#domain/orders/carrier-statuses.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { carrierNewsMessage, partDeliveredMessage, trackingMessage } from "#domain/orders/order-messages.ts";
import { carrierEventsOf, furthestRank, servicesNotHeld } from "#domain/orders/order-parts.server.ts";
import { ORDER_TRACKING_EVENT, trackingPageUrl } from "#domain/orders/order-parts.ts";
import { normalizeTrackingCode } from "#domain/orders/order-status.ts";
import { lockOrder, type OrderRow, type Services, type Tx } from "#domain/orders/order-store.server.ts";

export { CARRIER_STATUSES, type CarrierStatus };

export type CarrierEvent = {
  orderId: string;
  /** Where the news came from. */
  source: "melhorenvio" | "owner";
  /** The provider's id of this event (dedupe key), e.g. `${labelId}:${status}`. */
  eventId: string;
  status: CarrierStatus;
  /** The carrier's code (e.g. AA123456789BR), when known. */
  trackingCode: string | null;
  /** A page where the customer follows the parcel. */
  trackingUrl: string | null;
  at: Date;
  /** Who told it, when a person did (the owner typing a code); null or omitted: the carrier. */
  actorUserId?: string | null;
};

/** Applies the event to the order (its moves, notifications and e-mails as effects); whether it moved anything. */
export async function recordCarrierEvent(tx: Tx, services: Services, event: CarrierEvent): Promise<{ moved: boolean }> {
  // The order's lock first: two events of one order (or the same one twice) wait for each other here.
  const order = await lockOrder(tx, event.orderId);
  const furthest = Math.max(furthestRank(await carrierEventsOf(tx, order.id)), order.status === "delivered" ? CARRIER_RANK.delivered : 0);
  const code = event.trackingCode ? normalizeTrackingCode(event.trackingCode) : null;
  const [row] = await tx
    .insert(orderCarrierEvents)
    .values({
      orderId: order.id,
      source: event.source,
      eventId: event.eventId,
      status: event.status,
      trackingCode: code,
      trackingUrl: event.trackingUrl,
      occurredAt: event.at,
      moved: false,
    })
    .onConflictDoNothing({ target: [orderCarrierEvents.source, orderCarrierEvents.eventId] })
    .returning({ id: orderCarrierEvents.id });
  if (!row) return { moved: false };
  const moved = CARRIER_RANK[event.status] > furthest && (await applyEvent(tx, services, order, { ...event, trackingCode: code }));
  if (moved) await tx.update(orderCarrierEvents).set({ moved: true }).where(eq(orderCarrierEvents.id, row.id));
  // The customer's open order page re-reads its timeline, even for news that sends no notification.
  if (order.userId) await publish(tx, userTopic(order.userId), ORDER_TRACKING_EVENT, { order_id: order.id });
  return { moved };
}

/** Only an order paid and on its way listens to its carrier: one cancelled, refunded or without goods keeps the news only. */
function listens(order: OrderRow): boolean {
  return order.shippingMethod !== null && ["paid", "preparing", "shipped", "delivered"].includes(order.status);
}

async function applyEvent(tx: Tx, services: Services, order: OrderRow, event: CarrierEvent): Promise<boolean> {
  if (!listens(order)) return false;
  const actorUserId = event.actorUserId ?? null;
  // The carrier's own page when it sent one, else Melhor Rastreio's for the code we know.
  const code = event.trackingCode ?? order.trackingCode;
  const url = event.trackingUrl ?? (code ? trackingPageUrl(code) : null);
  const extra: EmailExtra | undefined = url ? { paragraphs: [], links: [{ label: "Acompanhar a entrega", url }] } : undefined;
  const facts = { number: order.number, totalCents: order.totalCents };
  // Any news of the carrier means the parcel left: a missed "posted" is made up for first.
  const current = order.status === "paid" || order.status === "preparing" ? await ship(tx, services, order, event, url, extra) : order;
  switch (event.status) {
    case "posted":
      return current !== order;
    case "in_transit":
      await moveOrder(tx, services, current, { reason: "in_transit", actorUserId, message: null });
      return true;
    case "out_for_delivery":
      await moveOrder(tx, services, current, {
        reason: "out_for_delivery",
        actorUserId,
        message: carrierNewsMessage(facts, "out_for_delivery"),
        emailExtra: extra,
      });
      return true;
    case "delivered":
      await deliver(tx, services, current, actorUserId, extra);
      return true;
    case "undelivered":
    case "returned":
      await moveOrder(tx, services, current, {
        reason: event.status === "undelivered" ? "delivery_failed" : "returned_to_sender",
        actorUserId,
        message: carrierNewsMessage(facts, event.status),
        emailExtra: extra,
      });
      await emailAdmins(tx, services, current, event.status, event.trackingCode ?? current.trackingCode);
      return true;
  }
}

/** Paid or preparing → shipped, with the code: the customer's tracking_added with the link to follow it. */
async function ship(tx: Tx, services: Services, order: OrderRow, event: CarrierEvent, url: string | null, extra?: EmailExtra) {
  const actorUserId = event.actorUserId ?? null;
  const ready =
    order.status === "paid" ? await moveOrder(tx, services, order, { to: "preparing", reason: "preparation_started", actorUserId }) : order;
  return moveOrder(tx, services, ready, {
    to: "shipped",
    reason: "shipped",
    actorUserId,
    note: event.trackingCode,
    set: event.trackingCode ? { trackingCode: event.trackingCode } : undefined,
    message: trackingMessage({ number: order.number, totalCents: order.totalCents }, event.trackingCode, url),
    emailExtra: extra,
  });
}

/**
 * The goods arrived. The order is delivered when nothing else waits (the machine then starts the
 * rating reminder and the 7-day withdrawal clock); a consultoria not held yet keeps it "Enviado",
 * with the goods' delivery in its history and the customer told what is left (decision 081).
 */
async function deliver(tx: Tx, services: Services, order: OrderRow, actorUserId: string | null, extra?: EmailExtra) {
  const waiting = await servicesNotHeld(tx, order.id);
  if (order.status === "delivered") return;
  if (waiting.length === 0) {
    await moveOrder(tx, services, order, { to: "delivered", reason: "delivered", actorUserId, emailExtra: extra });
    return;
  }
  await moveOrder(tx, services, order, {
    reason: "parcel_delivered",
    actorUserId,
    message: partDeliveredMessage(
      { number: order.number, totalCents: order.totalCents },
      { what: "Os produtos", done: "entregues" },
      waiting.map((line) => line.productName),
    ),
    emailExtra: extra,
  });
}

/** The admins' e-mail about a parcel that did not arrive or came back: who, which code, and what to do. */
async function emailAdmins(tx: Tx, services: Services, order: OrderRow, problem: "undelivered" | "returned", code: string | null) {
  const adminIds = await adminUserIds(services, tx);
  if (adminIds.length === 0) return;
  const admins = [...(await accountContacts(tx, adminIds)).values()];
  const shop = await shopNameForMail(services);
  await enqueueEmails(
    tx,
    services.config,
    admins.map((admin) =>
      deliveryProblemMessage({
        shop,
        to: admin.email,
        name: admin.name,
        order,
        problem,
        trackingCode: code,
        publicUrl: services.config.PUBLIC_URL,
      }),
    ),
  );
}
