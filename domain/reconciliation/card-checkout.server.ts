/**
 * Paying an order by card (issue 32): one more way into the same pay flow as a provider's Pix. The
 * order was saved by checkout (stock reserved, pending_payment); here MP makes the payment with the
 * Brick's token, with no transaction open and no row locked (decision 045), under an idempotency
 * key per attempt. Its answer is recorded and applied exactly like a webhook's read-back
 * (applyChargeState): approved → paid by the order machine, once, whoever gets there first (this
 * request, a webhook, the poller); in process → open until they settle it; rejected → the order is
 * untouched, so the customer tries another card or pays the same order by Pix.
 */
import { DomainError, orderNotFound } from "#domain/errors.ts";
import { lockOrder, type OrderRow, type Services } from "#domain/orders/order-store.server.ts";
import { CARD_APPROVED_MESSAGE, CARD_IN_REVIEW_MESSAGE, cardRejectionMessage, isDataMistake } from "#domain/payments/card-messages.ts";
import { openCardPayment, recordCardPayment, recordChargeback } from "#domain/payments/card-payments.server.ts";
import type { CardPaymentInput, CardPaymentResult } from "#domain/payments/card-schemas.ts";
import { maxInstallmentsFor, statementDescriptorFor } from "#domain/payments/card-rule.server.ts";
import { cardsEnabled } from "#domain/payments/card-settings.ts";
import { providerById } from "#domain/payments/charges.server.ts";
import { cardReference, mercadoPagoCards } from "#domain/payments/mercadopago-cards.server.ts";
import { type ChargeState, ProviderUnavailableError } from "#domain/payments/payment-provider.server.ts";
import { applyChargeState, syncCharge, type Outcome } from "#domain/reconciliation/apply-charge.server.ts";

const cardsOff = () => new DomainError("not_found", "cards_disabled", "Esta loja não aceita cartão de crédito; pague com Pix.");

async function payableOrder(services: Services, orderId: string, userId: string): Promise<OrderRow> {
  // A short look under the row's lock: the order is read as it stands, nothing is held during the call.
  const order = await services.db.transaction((tx) => lockOrder(tx, orderId));
  if (order.userId !== userId) throw orderNotFound();
  if (order.status !== "pending_payment")
    throw new DomainError("conflict", "not_payable", "Este pedido não está aguardando pagamento: confira-o em Meus pedidos.");
  if (await openCardPayment(services.db, order.id))
    throw new DomainError(
      "conflict",
      "card_payment_in_review",
      "Já há um pagamento com cartão deste pedido em análise. Aguarde a resposta (avisamos por e-mail) antes de tentar outro cartão.",
    );
  return order;
}

export async function payOrderByCard(
  services: Services,
  orderId: string,
  userId: string,
  input: CardPaymentInput,
): Promise<CardPaymentResult> {
  const { config } = services;
  if (!cardsEnabled(config)) throw cardsOff();
  // The owner's rule in force (the admin's settings), not the browser's Brick.
  const maxInstallments = await maxInstallmentsFor(services);
  if (input.installments > maxInstallments)
    throw new DomainError("invalid", "too_many_installments", `Esta loja parcela em até ${maxInstallments}x.`);
  const order = await payableOrder(services, orderId, userId);
  const provider = providerById(config, "mercadopago")!;
  const statementDescriptor = await statementDescriptorFor(services);
  let state: ChargeState;
  try {
    state = await mercadoPagoCards(config).createPayment({
      orderId: order.id,
      orderNumber: order.number,
      attemptKey: input.attemptKey,
      totalCents: order.totalCents,
      token: input.token,
      paymentMethodId: input.paymentMethodId,
      issuerId: input.issuerId ?? null,
      installments: input.installments,
      payer: { email: order.customerEmail, cpf: input.cpf },
      statementDescriptor,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // The message says what MP answered; the token and the card are not in it (only our own request's path).
    services.logger.warn({ err: error, orderId }, "card payment: Mercado Pago did not make the payment");
    throw new DomainError(
      "unprocessable",
      "card_provider_unavailable",
      "O Mercado Pago não respondeu a tempo. Se o pagamento tiver sido aprovado, o pedido aparece como pago em Meus pedidos e avisamos por e-mail; confira lá antes de tentar de novo, ou pague com Pix.",
    );
  }
  const row = await recordCardPayment(
    services.db,
    { orderId: order.id, attemptKey: input.attemptKey, reference: cardReference(order.id, input.attemptKey), totalCents: order.totalCents },
    state,
  );
  await applyChargeState(services, provider, row, state);
  return resultOf(state);
}

function resultOf(state: ChargeState): CardPaymentResult {
  const detail = state.card?.statusDetail ?? null;
  if (state.status === "paid") return { status: "approved", message: CARD_APPROVED_MESSAGE, fixData: false, challenge: null };
  if (state.status === "pending" && state.challenge)
    return {
      status: "challenge",
      message: "Seu banco pediu uma confirmação: conclua a autenticação na janela abaixo.",
      fixData: false,
      challenge: state.challenge,
    };
  if (state.status === "pending") return { status: "in_process", message: CARD_IN_REVIEW_MESSAGE, fixData: false, challenge: null };
  return { status: "rejected", message: cardRejectionMessage(detail), fixData: isDataMistake(detail), challenge: null };
}

/**
 * A chargeback notified by MP's signed webhook (topic_chargebacks_wh): read back, kept on the
 * payment with its deadline to send documents, and the payment read again (charged_back).
 */
export async function applyChargeback(services: Services, chargebackId: string): Promise<Outcome[]> {
  const provider = providerById(services.config, "mercadopago");
  if (!provider) return [];
  const chargeback = await mercadoPagoCards(services.config).readChargeback(chargebackId);
  if (!chargeback) return ["unchanged"];
  const rows = await recordChargeback(services.db, chargeback);
  const outcomes: Outcome[] = [];
  for (const row of rows) outcomes.push(await syncCharge(services, provider, row.providerChargeId));
  if (rows.length > 0)
    services.logger.warn(
      { chargebackId, orders: rows.map((row) => row.orderId), deadline: chargeback.documentationDeadline },
      "card chargeback opened: send the documents before the deadline",
    );
  return outcomes;
}
