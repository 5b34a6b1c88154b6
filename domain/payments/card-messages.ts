/**
 * What the customer reads when a card payment does not go through (issue 32): one message per
 * Mercado Pago `status_detail`, each saying what to do next. The order is kept (stock and cart
 * too), so every message ends with a way on: fix the data, call the bank, another card, or Pix.
 */

const OR_PIX = "Você também pode pagar este mesmo pedido com Pix.";

const REJECTIONS: Record<string, string> = {
  cc_rejected_bad_filled_card_number: "O número do cartão parece errado. Confira e tente de novo.",
  cc_rejected_bad_filled_date: "A data de vencimento do cartão parece errada. Confira e tente de novo.",
  cc_rejected_bad_filled_security_code: "O código de segurança do cartão parece errado. Confira e tente de novo.",
  cc_rejected_bad_filled_other: "Algum dado do cartão parece errado. Confira nome, CPF e vencimento e tente de novo.",
  cc_rejected_call_for_authorize: `O banco pediu que você autorize este pagamento. Ligue para o banco emissor do cartão e tente de novo, ou use outro cartão. ${OR_PIX}`,
  cc_rejected_card_disabled: `Este cartão não está ativo. Ligue para o banco emissor para ativá-lo, ou use outro cartão. ${OR_PIX}`,
  cc_rejected_insufficient_amount: `O cartão não tem limite suficiente para este valor. Use outro cartão ou menos parcelas. ${OR_PIX}`,
  cc_rejected_invalid_installments: "O cartão não aceita esse número de parcelas. Escolha outro número de parcelas.",
  cc_rejected_max_attempts: `O cartão atingiu o limite de tentativas. Use outro cartão. ${OR_PIX}`,
  cc_rejected_duplicated_payment:
    "Já existe um pagamento igual a este no cartão. Confira seus pedidos antes de tentar de novo, ou use outro cartão.",
  cc_rejected_high_risk: `O pagamento foi recusado pela análise de segurança. Use outro cartão. ${OR_PIX}`,
  cc_rejected_blacklist: `Não foi possível pagar com este cartão. Use outro cartão. ${OR_PIX}`,
  cc_rejected_card_error: `O cartão não pôde ser processado. Tente de novo ou use outro cartão. ${OR_PIX}`,
  cc_rejected_other_reason: `O banco emissor recusou o pagamento. Use outro cartão ou ligue para o banco. ${OR_PIX}`,
};

export function cardRejectionMessage(statusDetail: string | null): string {
  return (statusDetail && REJECTIONS[statusDetail]) ?? `O pagamento com cartão foi recusado. Use outro cartão. ${OR_PIX}`;
}

/** Whether the customer should fix what they typed (the form stays) rather than change card. */
export function isDataMistake(statusDetail: string | null): boolean {
  return statusDetail?.startsWith("cc_rejected_bad_filled") ?? false;
}

export const CARD_IN_REVIEW_MESSAGE =
  "Pagamento em análise: o Mercado Pago está conferindo o pagamento com o seu banco. Avisamos você por e-mail assim que for aprovado; o pedido fica reservado.";

export const CARD_APPROVED_MESSAGE = "Pagamento aprovado! Seu pedido está confirmado.";

/** "em até 3x sem juros" from the owner's rule; null when only one installment is free of interest. */
export function installmentsPitch(withoutInterest: number): string | null {
  return withoutInterest > 1 ? `em até ${withoutInterest}x sem juros` : null;
}
