/**
 * The owner's refund of an order (decision 044's flow), for an order paid by card: the money goes
 * back through Mercado Pago's refund call, once, before the order machine records it (issue 32).
 * The amount is first reserved on the card payment's row by one conditional update, so two refunds
 * sent at once (two tabs, a double tap) never refund more than was paid: one reserves, the other is
 * refused. Orders paid by Pix keep the flow they had (the owner says they sent it).
 */
import { z } from "zod";
import { DomainError } from "#domain/errors.ts";
import { refundOrder } from "#domain/orders/refund-order.server.ts";
import { refundOf, refundRefusal } from "#domain/orders/refunds.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { refundSentMessage } from "#domain/orders/order-messages.ts";
import { lockOrder, type Services } from "#domain/orders/order-store.server.ts";
import {
  type CardRefundJob,
  cardRefundKey,
  paidCardPayment,
  releaseCardRefund,
  reserveCardRefund,
} from "#domain/payments/card-payments.server.ts";
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
      refundId: cardRefundKey(payment.id),
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

/**
 * The job of an owed refund of a card order (a withdrawal before shipping, the shop's cancellation
 * of a paid order; queued by the order's effects): the whole amount owed goes back to the card at
 * MP, once, and the refund becomes paid as when the owner marks a Pix refund sent. Safe to run again
 * (a retry, two workers): the amount is reserved once on the card's row, MP's idempotency key is the
 * order's one refund, and the move happens only while the refund is still owed. MP not answering
 * throws, so the queue tries again later.
 */
export async function sendOwedCardRefund(services: Services, job: CardRefundJob): Promise<"sent" | "nothing_owed"> {
  const owed = await services.db.transaction(async (tx) => {
    await lockOrder(tx, job.orderId);
    const refund = await refundOf(tx, job.orderId);
    const payment = await paidCardPayment(tx, job.orderId);
    if (!refund || refund.status !== "owed" || !payment) return null;
    // Reserved by an earlier run that did not finish: the same amount, the same refund at MP.
    const reserved = payment.refundedCents === refund.amountCents || (await reserveCardRefund(tx, payment.id, refund.amountCents));
    if (!reserved) throw new Error(`card refund of order ${job.orderId}: ${payment.refundedCents} cents already refunded on the card`);
    return { payment, amountCents: refund.amountCents };
  });
  if (!owed) return "nothing_owed";
  const { payment, amountCents } = owed;
  const provider = providerById(services.config, payment.provider);
  if (!provider) throw new ProviderUnavailableError(`provider ${payment.provider} is no longer configured`);
  await provider.refundCharge({
    providerChargeId: payment.providerChargeId,
    txid: payment.txid,
    endToEndId: null,
    amountCents,
    refundId: cardRefundKey(payment.id),
  });
  await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, job.orderId);
    if ((await refundOf(tx, order.id))?.status !== "owed") return;
    await moveOrder(tx, services, order, {
      reason: "refund_paid",
      actorUserId: null,
      amountCents,
      message: refundSentMessage({ number: order.number, totalCents: order.totalCents, refundCents: amountCents, paidWith: "card" }),
    });
  });
  return "sent";
}

const cardRefundPayload = z.object({ orderId: z.uuid() });

/** The queue's entry: the payload checked, what happened logged. */
export async function runCardRefundJob(services: Services, payload: unknown): Promise<void> {
  const job = cardRefundPayload.parse(payload);
  const outcome = await sendOwedCardRefund(services, job);
  services.logger.info({ job: "card-refund", orderId: job.orderId, outcome }, "card refund job");
}
