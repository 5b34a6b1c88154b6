/**
 * The ONE effects step of an order's move (decision 043): run by the order machine, in the move's
 * transaction, after the status and history are written. It applies what other modules own
 * (stock, cart, coupon, credit, referral reward, digital delivery) and tells people: the customer's
 * notification, its e-mail and push, the admins' e-mails and the owner's pushes. A caller cannot forget one: there is no other
 * way to move an order. What runs is decided by the move itself (from, to, reason), never by a note.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { orderItems, orders } from "#platform/db/tables/orders.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import { ADMINS_TOPIC, publish } from "#platform/realtime/bus.ts";
import { DomainError } from "#domain/errors.ts";
import { accountContacts } from "#domain/auth/account-names.server.ts";
import { adminUserIds } from "#domain/auth/admins.server.ts";
import { completeOrderCart, holdCartForOrderAgain, reopenOrderCart } from "#domain/cart/cart-store.server.ts";
import { giveStockBack } from "#domain/catalog/product-stock.server.ts";
import { releaseOrderCoupon } from "#domain/coupons/coupons.server.ts";
import { deliveryEmail } from "#domain/delivery/deliveries.server.ts";
import { withdrawalRequestMessage } from "#domain/notifications/mail-templates.ts";
import { shopNameForMail } from "#domain/notifications/shop-name.server.ts";
import { createNotifications, type EmailExtra, enqueueNotificationEmails } from "#domain/notifications/notifications.server.ts";
import { statusMessage, type OrderMessage } from "#domain/orders/order-messages.ts";
import { orderForDelivery } from "#domain/orders/order-delivery.server.ts";
import { isRefundRecord, type OrderStatusReason } from "#domain/orders/order-moves.ts";
import { formatDate, holdsStock, type OrderStatus } from "#domain/orders/order-status.ts";
import { reserveStock } from "#domain/orders/order-stock.server.ts";
import { type OrderRow, type Services, toNotification, type Tx } from "#domain/orders/order-store.server.ts";
import { moveReturn, openReturn, returnShare } from "#domain/orders/order-returns.server.ts";
import { attachReceipt } from "#domain/orders/order-receipt.server.ts";
import { queueInvoiceWork } from "#domain/orders/invoice-tasks.server.ts";
import { markRefundPaid, recordRefund } from "#domain/orders/refunds.server.ts";
import { paidCardPayment, queueCardRefund } from "#domain/payments/card-payments.server.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { paidOrderPush, returnRequestedPush } from "#domain/orders/order-pushes.ts";
import { ORDER_MOVED_EVENT } from "#domain/orders/owner-today-schemas.ts";
import { enqueueCustomerPush, enqueueOwnerPush } from "#domain/push/push-queue.server.ts";
import { customerOrderPush } from "#domain/push/push-messages.ts";
import { returnOrderCredit } from "#domain/referrals/credit-ledger.server.ts";
import { rewardReferrer } from "#domain/referrals/referrals.server.ts";

/** What the machine hands the effects step: the order before the move, where it went, and why. */
export type MoveFacts = {
  before: OrderRow;
  to: OrderStatus;
  reason: OrderStatusReason;
  actorUserId: string | null;
  /** What the person typed (a withdrawal's reason goes into the admins' e-mail). */
  note: string | null;
  /** A refund's amount (the refund reasons of order-moves.ts). */
  amountCents: number | null;
  /** The customer's notification: undefined → the status's default when the status changes; null → none. */
  message: OrderMessage | null | undefined;
  /** More for the notification's e-mail (the parcel's tracking link). */
  emailExtra?: EmailExtra;
};

export async function applyMoveEffects(tx: Tx, services: Services, move: MoveFacts): Promise<void> {
  const { before: order, to, reason } = move;
  const from = order.status;
  const changed = from !== to;

  if (to === "cancelled" && changed && holdsStock(from)) await releaseStock(tx, order.id);
  if (to === "cancelled" && from === "pending_payment") await reopenCart(tx, order);
  if (from === "cancelled" && to === "pending_payment") await takeBackOrder(tx, services, order);

  // A withdrawal is a row of its own; before shipping the whole total is owed at once (CDC art. 49,
  // freight included) until the owner sends it from the refund queue (decision 044).
  if (reason === "withdrawal_before_shipping") {
    await openReturn(tx, order, "before_shipping", move.note);
    // A consultoria already held is not given back (decision 081): the refund is what comes back.
    await recordRefund(tx, order, "withdrawal", (await returnShare(tx, order)).amountCents);
    // Paid by card: the refund goes back to the card by itself, through Mercado Pago (issue 32).
    if (await paidCardPayment(tx, order.id)) await queueCardRefund(tx, order.id);
  }
  // The shop cancels a card order it was paid for: the whole total is owed and goes back to the card
  // (a Pix order's refund stays the owner's to record, decision 044).
  if (reason === "cancelled_by_shop" && from !== "pending_payment" && (await paidCardPayment(tx, order.id))) {
    if (await recordRefund(tx, order, "admin")) await queueCardRefund(tx, order.id);
  }
  if (reason === "return_requested") await openReturn(tx, order, "after_shipping", move.note);
  if (reason === "return_accepted") await moveReturn(tx, order.id, ["requested"], "approved");
  if (reason === "return_refused") await moveReturn(tx, order.id, ["requested", "approved"], "refused");
  // The admin records money they sent: paid at once; a return waiting for its products is received with it.
  if (isRefundRecord(reason)) {
    await recordRefund(tx, order, "admin", move.amountCents ?? order.totalCents, move.actorUserId ?? "admin");
    await moveReturn(tx, order.id, ["requested", "approved"], "received");
  }
  if (reason === "refund_paid") await markRefundPaid(tx, order.id, move.actorUserId);
  // An order that ends unkept gives back its credit and its coupon use (decisions 027, 028).
  if (changed && (to === "cancelled" || to === "refunded")) {
    await returnOrderCredit(tx, order.id);
    await releaseOrderCoupon(tx, order.id);
  }
  if (changed && to === "paid") {
    // A referred customer's first paid order earns the referrer's credit, in this same transaction.
    await rewardReferrer(tx, services.config, order);
    // Once paid, the cart is done (spec §4: completed carts are cleared in the customer's tabs).
    if (order.cartId) await completeOrderCart(tx, order.cartId);
    // The owner's phone buzzes once per sale: only a move INTO paid gets here, so a repeated
    // webhook or a second confirmation (no move) queues nothing (issue 31).
    await enqueueOwnerPush(tx, services, "order_paid", paidOrderPush(order));
  }
  if (reason === "withdrawal_before_shipping" || reason === "return_requested") {
    await emailAdminsOfWithdrawal(tx, services, move);
    await enqueueOwnerPush(
      tx,
      services,
      "return_requested",
      returnRequestedPush(order, reason === "withdrawal_before_shipping" ? "cancel" : "return"),
    );
  }
  // The order's notes (issue 30 item 3): issued once paid, cancelled when the sale is undone; by job, after commit.
  await queueInvoiceWork(tx, services, order.id, from, to);
  await notifyCustomer(tx, services, move);
  // Every move changes what the owner's first screen counts: the admins' open pages read them again
  // when this transaction commits (decision 072).
  await publish(tx, ADMINS_TOPIC, ORDER_MOVED_EVENT, { order_id: order.id });
}

/** The customer's notification, its e-mail job and its pushes (devices they turned on), all in this transaction (decision 014). */
async function notifyCustomer(tx: Tx, services: Services, move: MoveFacts): Promise<void> {
  const { before: order, to } = move;
  if (!order.userId) return;
  const message = move.message === undefined ? (order.status !== to ? statusMessage(order, to) : null) : move.message;
  if (!message) return;
  const created = await createNotifications(tx, [toNotification(order.userId, order.id, message)]);
  if (move.emailExtra) for (const item of created) item.emailExtra = move.emailExtra;
  // Paid: the e-mail carries the e-book's signed link and the courses' and services' instructions (decision 030).
  if (to === "paid" && order.status !== "paid") {
    const delivered = await orderForDelivery(tx, order.id);
    const extra = await deliveryEmail(tx, services.config, { id: order.id, userId: order.userId, lines: delivered?.lines ?? [] });
    if (extra) for (const item of created) item.emailExtra = extra;
    // The payment e-mail is the paid receipt (issue 28 item 10): the same lines, no Pix code any more.
    await attachReceipt(tx, order.id, created);
  }
  const recipients = await accountContacts(
    tx,
    created.map((item) => item.userId),
  );
  await enqueueNotificationEmails(tx, services, created, recipients);
  // The bell's own words; a newer news of the same order replaces one still waiting on the service.
  await enqueueCustomerPush(tx, services, order.userId, customerOrderPush({ ...message, orderId: order.id }, `pedido-${order.number}`));
}

/** Gives back the stock this order's lines took. */
async function releaseStock(tx: Tx, orderId: string): Promise<void> {
  const reserved = await tx
    .select({ productId: orderItems.productId, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.stockReserved, true)))
    .groupBy(orderItems.productId);
  await giveStockBack(tx, reserved);
  await tx.update(orderItems).set({ stockReserved: false }).where(eq(orderItems.orderId, orderId));
}

/**
 * An unpaid order that ends frees its cart: back to `active` with its items when the customer has
 * no other active cart, so they can pay again; otherwise the old cart is closed (`completed`).
 */
async function reopenCart(tx: Tx, order: OrderRow): Promise<void> {
  if (order.cartId) await reopenOrderCart(tx, order.cartId, order.userId);
}

/**
 * An expired order reopened (a new Pix, or the old one paid late): its stock is taken again (all or
 * nothing: out_of_stock rolls the move back) and its cart, when still open and not ordered again,
 * holds its items again.
 */
async function takeBackOrder(tx: Tx, services: Services, order: OrderRow): Promise<void> {
  if (order.cartId) {
    const [other] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.cartId, order.cartId), ne(orders.id, order.id), ne(orders.status, "cancelled")));
    if (other) {
      throw new DomainError(
        "conflict",
        "cart_ordered_again",
        "Os itens deste pedido já estão em outro pedido. Monte o pedido de novo pelo carrinho.",
      );
    }
  }
  const lines = await tx
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .groupBy(orderItems.productId, orderItems.productName);
  const reserved = await reserveStock(tx, services, lines);
  if (reserved.size > 0) {
    await tx
      .update(orderItems)
      .set({ stockReserved: true })
      .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.productId, [...reserved])));
  }
  // The expiry gave the cart back; the order holds its items again (a cart changed since stays as it is).
  if (order.cartId) await holdCartForOrderAgain(tx, order.cartId);
}

/** The admins' e-mail about a withdrawal: what to do next and the customer's reason. */
async function emailAdminsOfWithdrawal(tx: Tx, services: Services, move: MoveFacts): Promise<void> {
  const adminIds = await adminUserIds(services, tx);
  if (adminIds.length === 0) return;
  const admins = [...(await accountContacts(tx, adminIds)).values()];
  const requestedOn = formatDate(new Date());
  const shop = await shopNameForMail(services);
  await enqueueEmails(
    tx,
    services.config,
    admins.map((admin) =>
      withdrawalRequestMessage({
        shop,
        to: admin.email,
        name: admin.name,
        order: move.before,
        mode: move.reason === "withdrawal_before_shipping" ? "cancel" : "return",
        amount: formatBRL(move.before.totalCents),
        requestedOn,
        reason: move.note,
        publicUrl: services.config.PUBLIC_URL,
      }),
    ),
  );
}
