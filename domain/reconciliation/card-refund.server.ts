/**
 * The owner's refund of an order (decision 044's flow), for an order paid by card: the money goes
 * back through Mercado Pago's refund call, once, before the order machine records it (issue 32).
 * The amount is first reserved on the card payment's row by one conditional update, so two refunds
 * sent at once (two tabs, a double tap) never refund more than was paid: one reserves, the other is
 * refused. Orders paid by Pix keep the flow they had (the owner says they sent it).
 */
import { DomainError } from "#domain/errors.ts";
import { refundOrder } from "#domain/orders/refund-order.server.ts";
import { refundRefusal } from "#domain/orders/refunds.server.ts";
import { lockOrder, type Services } from "#domain/orders/order-store.server.ts";
import { paidCardPayment, releaseCardRefund, reserveCardRefund } from "#domain/payments/card-payments.server.ts";
import { providerById } from "#domain/payments/charges.server.ts";
import { ProviderUnavailableError } from "#domain/payments/payment-provider.server.ts";
import { formatBRL } from "#domain/pricing/money.ts";

export type RefundInput = { amountCents: number; note?: string | null };

/** The admin's refund from the order page: through the card when a card paid the order, else as before. */
export async function refundPaidOrder(services: Services, orderId: string, adminId: string, input: RefundInput): Promise<void> {
  const payment = await paidCardPayment(services.db, orderId);
  if (!payment) return refundOrder(services, orderId, adminId, input);

  await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const refused = await refundRefusal(tx, order, input.amountCents);
    if (refused) throw refused;
    if (!(await reserveCardRefund(tx, payment.id, input.amountCents)))
      throw new DomainError(
        "conflict",
        "card_refund_in_progress",
        `O reembolso deste pedido no cartão já foi pedido ao Mercado Pago, ou passa do valor pago (${formatBRL(payment.amountCents)}).`,
      );
  });

  const provider = providerById(services.config, payment.provider);
  try {
    if (!provider) throw new ProviderUnavailableError(`provider ${payment.provider} is no longer configured`);
    // One refund per order: the payment's id makes a retried call the same refund at MP.
    await provider.refundCharge({
      providerChargeId: payment.providerChargeId,
      txid: payment.txid,
      endToEndId: null,
      amountCents: input.amountCents,
      refundId: `R${payment.id.replaceAll("-", "")}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    await releaseCardRefund(services.db, payment.id, input.amountCents);
    services.logger.warn({ err: error, orderId }, "card refund: Mercado Pago did not make it");
    throw new DomainError(
      "unprocessable",
      "card_refund_failed",
      "O Mercado Pago não confirmou o reembolso: nada foi devolvido. Tente de novo em instantes.",
    );
  }
  // The money is back on the card: the order's history, its status and the customer's message.
  await refundOrder(services, orderId, adminId, input, "order.refund_card");
}
