/**
 * "Gerar novo Pix" (issue 19 item 5, decision 031): an order cancelled because its Pix expired is
 * paid again without redoing the purchase, for PIX_RENEWAL_HOURS after the expiry: in one
 * transaction the order's row is locked, its stock taken again (refused when a product ran out), a
 * new Pix started through the configured provider (a new txid: the attempt number; a provider's charge
 * is made after the commit by the caller, decision 045), and the order is back to pending_payment with
 * its history and a notification. Asking twice is harmless: an order whose Pix is still payable
 * is answered as it is.
 */
import { orderNotFound } from "#domain/errors.ts";
import { eq } from "drizzle-orm";
import { orderDiscounts } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { pixDeadline, startPix } from "#domain/payments/charges.server.ts";
import { pixRenewedMessage } from "#domain/orders/order-messages.ts";
import { pixRenewable, PIX_RENEWAL_HOURS } from "#domain/orders/order-status.ts";
import { lockOrder, type Services } from "#domain/orders/order-store.server.ts";
import { reopenOrder } from "#domain/orders/reopen-order.server.ts";

export async function renewPix(services: Services, orderId: string, userId: string, now = new Date()): Promise<void> {
  await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.userId !== userId) throw orderNotFound();
    if (order.status === "pending_payment" && order.pixExpiresAt > now) return;
    if (order.status !== "cancelled" || order.statusReason !== "pix_expired") {
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
    // The stock is taken again and the cart held again by the machine's effects (reopen-order.server.ts).
    await reopenOrder(tx, services, order, {
      reason: "pix_renewed",
      actorUserId: userId,
      set: {
        paymentProvider: charge.provider,
        pixAttempt: attempt,
        pixTxid: charge.txid,
        pixCode: charge.brCode,
        pixChargeFailedAt: null,
        pixExpiresAt: charge.expiresAt,
      },
      message: pixRenewedMessage({ number: order.number, totalCents: order.totalCents }, charge.expiresAt),
    });
  });
}
