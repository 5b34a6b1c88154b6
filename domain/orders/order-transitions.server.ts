/**
 * Changing orders (admins, jobs). Each change locks the order row, checks the transition table,
 * writes the history and the notification in the same transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { carts } from "#platform/db/tables/cart.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { orderItems, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { DomainError } from "#domain/errors.ts";
import { announceCartStatus } from "#domain/cart/cart-store.server.ts";
import { createNotifications, enqueueNotificationEmails, type CreatedNotification } from "#domain/notifications/notifications.server.ts";
import { paymentMessage, refundMessage, statusMessage, trackingMessage, type OrderMessage } from "#domain/orders/order-messages.ts";
import {
  canTransition,
  ORDER_STATUS_LABELS,
  holdsStock,
  isValidTrackingCode,
  normalizeTrackingCode,
  TRACKING_CODE_MESSAGE,
  type OrderStatus,
} from "#domain/orders/order-status.ts";
import { lockOrder, type OrderRow, type Services, toNotification, type Tx } from "#domain/orders/order-store.server.ts";
import { recordRefund, refundInPlace, refundNote, refundOf, refundRefusal } from "#domain/orders/refunds.server.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { releaseOrderCoupon } from "#domain/coupons/coupons.server.ts";
import { returnOrderCredit } from "#domain/referrals/credit-ledger.server.ts";
import { rewardReferrer } from "#domain/referrals/referrals.server.ts";
import { deliveryEmail } from "#domain/delivery/deliveries.server.ts";

/** Gives back the stock this order's lines took. */
async function releaseStock(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update ${products} p set stock = p.stock + r.quantity, updated_at = now()
    from (select product_id, sum(quantity)::int as quantity from ${orderItems} where order_id = ${orderId} and stock_reserved group by product_id) r
    where p.id = r.product_id and p.stock is not null`);
  await tx.update(orderItems).set({ stockReserved: false }).where(eq(orderItems.orderId, orderId));
}

/**
 * An unpaid order that ends frees its cart: back to `active` with its items when the customer has
 * no other active cart, so they can pay again; otherwise the old cart is closed (`completed`).
 */
async function reopenCart(tx: Tx, order: OrderRow): Promise<void> {
  if (!order.cartId) return;
  const [other] = order.userId
    ? await tx
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.userId, order.userId), eq(carts.status, "active")))
        .limit(1)
    : [];
  await tx
    .update(carts)
    .set({ status: other ? "completed" : "active", updatedAt: sql`now()` })
    .where(and(eq(carts.id, order.cartId), eq(carts.status, "pending_payment")));
  await announceCartStatus(tx, order.cartId);
}

export type Change = {
  to: OrderStatus;
  actorUserId: string | null;
  note?: string | null;
  /** Extra columns to set with the status. */
  set?: Partial<typeof orders.$inferInsert>;
  /** Notification for the customer; defaults to order_status_changed. */
  message?: OrderMessage;
  /** To `refunded`: the amount sent back (default: the whole total, freight included). */
  refundCents?: number;
};

export async function applyChange(tx: Tx, services: Services, order: OrderRow, change: Change): Promise<CreatedNotification[]> {
  if (!canTransition(order.status, change.to)) {
    // The statuses as the admin reads them ("Entregue"), never their code names (issue 20).
    throw new DomainError(
      "conflict",
      "invalid_transition",
      `Não é possível mudar o pedido de \u201c${ORDER_STATUS_LABELS[order.status]}\u201d para \u201c${ORDER_STATUS_LABELS[change.to]}\u201d.`,
    );
  }
  if (change.to === "delivered" && order.status === "paid" && order.shippingMethod) {
    throw new DomainError("conflict", "invalid_transition", "Pedidos com envio passam por preparação e envio antes da entrega.");
  }
  const set: Partial<typeof orders.$inferInsert> = { ...change.set, status: change.to, updatedAt: new Date() };
  if (change.to === "paid") set.paidAt = new Date();
  if (change.to === "delivered") {
    set.deliveredAt = new Date();
    set.ratingReminderAt = new Date(Date.now() + services.config.RATING_REMINDER_DAYS * 24 * 3600_000);
  }
  await tx.update(orders).set(set).where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: change.to,
    note: change.note ?? null,
    actorUserId: change.actorUserId,
    // now() is the transaction's start: two changes of one transaction (paid → preparing → shipped) need their real order.
    createdAt: sql`clock_timestamp()`,
  });
  if (change.to === "cancelled" && holdsStock(order.status)) await releaseStock(tx, order.id);
  // The whole order goes back, freight included (CDC art. 49); recorded once per order.
  if (change.to === "refunded") await recordRefund(tx, order, "admin", change.refundCents);
  if (change.to === "cancelled" && order.status === "pending_payment") await reopenCart(tx, order);
  // An order that ends unkept (cancelled, expired, refunded) gives back its credit and its coupon use (decisions 027, 028).
  if (change.to === "cancelled" || change.to === "refunded") {
    await returnOrderCredit(tx, order.id);
    await releaseOrderCoupon(tx, order.id);
  }
  // A referred customer's first paid order earns the referrer's credit, in this same transaction.
  if (change.to === "paid") await rewardReferrer(tx, services.config, order);
  // Once paid, the cart is done (spec §4: completed carts are cleared in the customer's tabs).
  if (change.to === "paid" && order.cartId) {
    await tx
      .update(carts)
      .set({ status: "completed", updatedAt: sql`now()` })
      .where(eq(carts.id, order.cartId));
    await announceCartStatus(tx, order.cartId);
  }
  if (!order.userId) return [];
  const facts = { number: order.number, totalCents: order.totalCents };
  const created = await createNotifications(tx, [
    toNotification(order.userId, order.id, change.message ?? statusMessage(facts, change.to)),
  ]);
  // Paid: the e-mail carries the e-book's signed link and the courses' and services' instructions (decision 030).
  if (change.to === "paid") {
    const extra = await deliveryEmail(tx, services.config, { id: order.id, userId: order.userId });
    if (extra) return created.map((item) => ({ ...item, emailExtra: extra }));
  }
  return created;
}

/** An admin's action on an order: who, and the audit log's code for it (issue 17 item 8). */
export type AdminAction = {
  adminId: string;
  action: string;
  /** What else the entry keeps (a reply's words, a refund's note). */ details?: Record<string, unknown>;
};

/** What the audit log keeps of an order, before and after an admin's action. */
async function auditedFields(tx: Tx, order: OrderRow) {
  const refund = await refundOf(tx, order.id);
  return {
    status: order.status,
    trackingCode: order.trackingCode,
    cancelReason: order.cancelReason,
    refundCents: refund?.amountCents ?? null,
  };
}

/** Besides status changes, what an action tells the customer (their e-mails are queued with the rest). */
export type Notify = (created: CreatedNotification[]) => void;

/**
 * An admin's action on one order, in one transaction: the order's row is locked, `build` checks it
 * and returns the status changes (it may write more itself, and `notify` what it told the
 * customer); then the notifications' e-mails are queued and the audit entry written.
 */
export async function changeAsAdmin(
  services: Services,
  id: string,
  by: AdminAction,
  build: (order: OrderRow, tx: Tx, notify: Notify) => Promise<Change[]> | Change[],
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const all: CreatedNotification[] = [];
    const before = await auditedFields(tx, order);
    const changes = await build(order, tx, (created) => all.push(...created));
    let current = order;
    for (const next of changes) {
      all.push(...(await applyChange(tx, services, current, next)));
      current = { ...current, status: next.to };
    }
    await enqueueNotificationEmails(tx, services, all);
    const [after] = await tx.select().from(orders).where(eq(orders.id, id));
    await recordAudit(tx, {
      actorUserId: by.adminId,
      action: by.action,
      entityType: "order",
      entityId: id,
      before,
      after: after ? { ...(await auditedFields(tx, after)), ...by.details } : null,
    });
  });
}

/** Static Pix: the admin saw the money arrive. */
export function confirmPayment(services: Services, id: string, adminId: string): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action: "order.confirm_payment" }, (order) => {
    if (order.status !== "pending_payment")
      throw new DomainError("conflict", "invalid_transition", "Este pedido não está aguardando pagamento.");
    return [
      {
        to: "paid",
        actorUserId: adminId,
        note: "Pagamento Pix confirmado",
        message: paymentMessage({ number: order.number, totalCents: order.totalCents }, "paid"),
      },
    ];
  });
}

export function moveOrderStatus(services: Services, id: string, to: OrderStatus, adminId: string, note?: string | null): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action: "order.move_status" }, (order) => {
    const facts = { number: order.number, totalCents: order.totalCents };
    if (to === "paid") return [{ to, actorUserId: adminId, note: note ?? "Pagamento confirmado", message: paymentMessage(facts, "paid") }];
    if (to === "refunded") return [{ to, actorUserId: adminId, note, message: paymentMessage(facts, "refunded") }];
    return [{ to, actorUserId: adminId, note }];
  });
}

export function cancelOrder(services: Services, id: string, adminId: string, reason?: string | null): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action: "order.cancel" }, () => [
    {
      to: "cancelled",
      actorUserId: adminId,
      note: reason ?? "Cancelado pela loja",
      set: { cancelReason: reason ?? "Cancelado pela loja" },
    },
  ]);
}

/**
 * Adds (or corrects) the Correios tracking code. A paid or preparing order moves to `shipped` with
 * it; the customer gets tracking_added.
 */
export function addTracking(services: Services, id: string, rawCode: string, adminId: string): Promise<void> {
  const code = normalizeTrackingCode(rawCode);
  if (!isValidTrackingCode(code)) throw new DomainError("invalid", "invalid_tracking_code", TRACKING_CODE_MESSAGE);
  return changeAsAdmin(services, id, { adminId, action: "order.add_tracking" }, async (order, tx, notify) => {
    if (!order.shippingMethod) throw new DomainError("conflict", "no_shipping", "Este pedido não tem envio.");
    const facts = { number: order.number, totalCents: order.totalCents };
    const tracking: OrderMessage = trackingMessage(facts, code);
    if (order.status === "shipped") {
      await tx.update(orders).set({ trackingCode: code, updatedAt: new Date() }).where(eq(orders.id, order.id));
      if (order.userId) notify(await createNotifications(tx, [toNotification(order.userId, order.id, tracking)]));
      return [];
    }
    if (order.status === "paid") {
      return [
        { to: "preparing", actorUserId: adminId },
        { to: "shipped", actorUserId: adminId, note: `Rastreio ${code}`, set: { trackingCode: code }, message: tracking },
      ];
    }
    if (order.status === "preparing")
      return [{ to: "shipped", actorUserId: adminId, note: `Rastreio ${code}`, set: { trackingCode: code }, message: tracking }];
    throw new DomainError("conflict", "invalid_transition", "Só é possível informar o rastreio de pedidos pagos.");
  });
}

/**
 * The admin records the refund they sent: any amount up to the total, once per order (a second
 * attempt, even at the same moment, is refused with the first one's date and amount). An order
 * still paid, in preparation, shipped or delivered becomes `refunded`; one the shop cancelled after
 * payment keeps its status. The customer is told the amount.
 */
export function refundOrder(
  services: Services,
  id: string,
  adminId: string,
  input: { amountCents: number; note?: string | null },
  action = "order.refund",
): Promise<void> {
  return changeAsAdmin(
    services,
    id,
    { adminId, action, details: input.note ? { note: input.note } : undefined },
    async (order, tx, notify) => {
      const refused = await refundRefusal(tx, order, input.amountCents);
      if (refused) throw refused;
      if (canTransition(order.status, "refunded")) {
        return [
          {
            to: "refunded",
            actorUserId: adminId,
            note: refundNote(input.amountCents, input.note),
            refundCents: input.amountCents,
            message: refundMessage({ number: order.number, totalCents: order.totalCents, refundCents: input.amountCents }),
          },
        ];
      }
      notify(await refundInPlace(tx, order, { ...input, actorUserId: adminId }));
      return [];
    },
  );
}
