/** Words for the admin's view of provider charges (browser-safe, no zod: the admin page imports them). */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: "Aguardando",
  paid: "Pago",
  expired: "Expirado",
  cancelled: "Cancelado",
  rejected: "Recusado",
  refund_pending: "Devolvendo",
  refunded: "Devolvido",
};

export const PAYMENT_PROBLEM_LABELS: Record<string, string> = {
  underpaid: "valor pago menor que o do pedido",
  foreign_reference: "referência que não é deste pedido",
  paid_after_expiry: "pago depois do prazo, sem estoque: devolvido automaticamente",
};
