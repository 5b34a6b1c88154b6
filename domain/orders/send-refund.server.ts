/**
 * Flow: the owner sent a refund that was owed (the refund queue, decision 044). The refund becomes
 * paid, the order's history says so (its status stays) and the customer is told the money is on
 * its way (until then their order reads "reembolso em andamento").
 */
import { DomainError } from "#domain/errors.ts";
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { refundSentMessage } from "#domain/orders/order-messages.ts";
import type { Services } from "#domain/orders/order-store.server.ts";
import { refundOf } from "#domain/orders/refunds.server.ts";
import { paidCardPayment } from "#domain/payments/card-payments.server.ts";

export function markRefundSent(services: Services, orderId: string, adminId: string): Promise<void> {
  return changeAsAdmin(services, orderId, { adminId, action: "order.refund_sent" }, async (order, tx) => {
    const refund = await refundOf(tx, order.id);
    if (!refund) throw new DomainError("not_found", "no_refund", "Este pedido não tem reembolso a enviar.");
    if (refund.status === "paid") throw new DomainError("conflict", "refund_already_sent", "Este reembolso já foi marcado como enviado.");
    // A card's refund is sent by the shop itself through Mercado Pago (the card-refund job): nothing for the owner to send.
    if (await paidCardPayment(tx, order.id))
      throw new DomainError(
        "conflict",
        "card_refund_automatic",
        "Este pedido foi pago com cartão: o reembolso volta ao cartão pelo Mercado Pago, sem transferência da sua parte. Ele aparece como enviado assim que o Mercado Pago confirmar.",
      );
    await moveOrder(tx, services, order, {
      reason: "refund_paid",
      actorUserId: adminId,
      amountCents: refund.amountCents,
      message: refundSentMessage({ number: order.number, totalCents: order.totalCents, refundCents: refund.amountCents }),
    });
  });
}
