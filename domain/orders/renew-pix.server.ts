/**
 * "Gerar novo Pix" (issue 19 item 5, decision 031): an order cancelled because its Pix expired is
 * paid again without redoing the purchase, for PIX_RENEWAL_HOURS after the expiry: in one
 * transaction the order's row is locked, its stock taken again (refused when a product ran out), a
 * new Pix started through the configured provider (a new txid: the attempt number; a provider's charge
 * is made after the commit by the caller, decision 045), and the order is back to pending_payment with
 * its history and a notification. Asking twice is harmless: an order whose Pix is still payable
 * is answered as it is.
 */
import { and, eq, sql } from "drizzle-orm";
import { carts, orderDiscounts, orderItems, orders, orderStatusHistory } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { announceCartStatus } from "#domain/cart/cart-store.server.ts";
import { createNotifications, enqueueNotificationEmails } from "#domain/notifications/notifications.server.ts";
import { pixDeadline, startPix } from "#domain/payments/charges.server.ts";
import { pixRenewedMessage } from "#domain/orders/order-messages.ts";
import { PIX_EXPIRED_REASON, pixRenewable, PIX_RENEWAL_HOURS } from "#domain/orders/order-status.ts";
import { reserveStock } from "#domain/orders/order-stock.server.ts";
import { lockOrder, type Services, toNotification } from "#domain/orders/order-store.server.ts";

export const PIX_RENEWED_NOTE = "Novo Pix gerado pelo cliente";

export async function renewPix(services: Services, orderId: string, userId: string, now = new Date()): Promise<void> {
  await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.userId !== userId) throw new DomainError("not_found", "not_found", "Pedido não encontrado.");
    if (order.status === "pending_payment" && order.pixExpiresAt > now) return;
    if (order.status !== "cancelled" || order.cancelReason !== PIX_EXPIRED_REASON) {
      throw new DomainError("conflict", "pix_not_renewable", "Este pedido não está esperando um novo Pix.");
    }
    if (!pixRenewable(order, now)) {
      throw new DomainError(
        "conflict",
        "pix_not_renewable",
        `O novo Pix só pode ser gerado até ${PIX_RENEWAL_HOURS} horas depois do vencimento. Monte o pedido de novo pelo carrinho.`,
      );
    }
    const [discount] = await tx.select({ id: orderDiscounts.id }).from(orderDiscounts).where(eq(orderDiscounts.orderId, order.id)).limit(1);
    if (discount) {
      throw new DomainError(
        "conflict",
        "pix_not_renewable",
        "O cupom ou o crédito deste pedido voltaram para você quando o Pix venceu. Monte o pedido de novo pelo carrinho para usá-los.",
      );
    }
    const lines = await tx
      .select({ productId: orderItems.productId, productName: orderItems.productName, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const reserved = await reserveStock(tx, lines);
    for (const productId of reserved) {
      await tx
        .update(orderItems)
        .set({ stockReserved: true })
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, productId)));
    }
    const attempt = order.pixAttempt + 1;
    // Through the configured provider like checkout's charge: a provider's is made after the commit (decision 045).
    const charge = await startPix(tx, services, {
      orderId: order.id,
      orderNumber: order.number,
      attempt,
      totalCents: order.totalCents,
      expiresAt: pixDeadline(services.config, now),
      payer: { name: order.customerName, email: order.customerEmail, cpf: order.shippingAddress?.cpf ?? null },
    });
    await tx
      .update(orders)
      .set({
        status: "pending_payment",
        cancelReason: null,
        paymentProvider: charge.provider,
        pixAttempt: attempt,
        pixTxid: charge.txid,
        pixCode: charge.brCode,
        pixChargeFailedAt: null,
        pixExpiresAt: charge.expiresAt,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: "pending_payment",
      note: PIX_RENEWED_NOTE,
      actorUserId: userId,
      createdAt: sql`clock_timestamp()`,
    });
    // The expiry gave the cart back; the order holds its items again (a cart changed since stays as it is).
    if (order.cartId) {
      const moved = await tx
        .update(carts)
        .set({ status: "pending_payment", updatedAt: sql`now()` })
        .where(and(eq(carts.id, order.cartId), eq(carts.status, "active")))
        .returning({ id: carts.id });
      if (moved.length > 0) await announceCartStatus(tx, order.cartId);
    }
    const created = await createNotifications(tx, [
      toNotification(userId, order.id, pixRenewedMessage({ number: order.number, totalCents: order.totalCents }, charge.expiresAt)),
    ]);
    await enqueueNotificationEmails(tx, services, created);
  });
}
