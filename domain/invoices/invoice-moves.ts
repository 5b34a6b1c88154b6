/**
 * Every move a note can make, declared once (like the order's, decision 043): invoice-store.server.ts
 * refuses anything not written here. Browser-safe: the owner's screens show the same labels.
 */

export const INVOICE_STATUSES = ["requested", "processing", "authorized", "refused", "denied", "cancelled", "dropped"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_KINDS = ["nfe", "nfse"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_ATTENTIONS = ["cancel_window_passed", "cancel_refused", "partial_refund"] as const;
export type InvoiceAttention = (typeof INVOICE_ATTENTIONS)[number];

/** From each state, where a note may go. */
export const INVOICE_MOVES: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  // Our row exists; Focus has not accepted it yet (or our own check found a missing field).
  requested: ["processing", "refused", "dropped"],
  // Focus accepted it (202); SEFAZ answers later. Cancelled: Focus already says so (a cancel from its panel).
  processing: ["authorized", "refused", "denied", "cancelled"],
  // After a fix, "Emitir de novo": the same ref goes again (Focus allows it only after erro_autorizacao).
  refused: ["requested", "dropped"],
  authorized: ["cancelled"],
  denied: [],
  cancelled: [],
  dropped: [],
};

export function canMoveInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return INVOICE_MOVES[from].includes(to);
}

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  nfe: "NF-e (produtos)",
  nfse: "NFS-e (serviços e cursos)",
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  requested: "Na fila para emissão",
  processing: "Aguardando a SEFAZ",
  authorized: "Autorizada",
  refused: "Recusada: precisa de correção",
  denied: "Denegada",
  cancelled: "Cancelada",
  dropped: "Não emitida (pedido encerrado)",
};

/** What the owner does when an authorized note can no longer be cancelled (the 24 h window passed, SEFAZ refused, or only part of the sale was undone). */
export const INVOICE_ATTENTION_TEXT: Record<InvoiceAttention, string> = {
  cancel_window_passed:
    "O prazo de 24 horas para cancelar esta nota passou. Se a mercadoria voltar, emita uma NF-e de devolução (entrada) no painel da Focus NFe ou peça ao contador; a carta de correção não cancela a nota.",
  cancel_refused:
    "A SEFAZ não aceitou o cancelamento. Confira a mensagem abaixo; se o prazo passou, emita uma NF-e de devolução (entrada) ou fale com o contador. A carta de correção não cancela a nota.",
  partial_refund:
    "Parte do pedido foi reembolsada: esta nota continua valendo pelo total e não pode ser cancelada em parte. Para os itens que voltaram, emita uma NF-e de devolução (entrada) no painel da Focus NFe ou peça ao contador; para um serviço, fale com o contador.",
};

/** The Focus `ref` of an order's note: the order's uuid without dashes and the kind (≤ 50 alphanumerics). */
export function invoiceRef(orderId: string, kind: InvoiceKind): string {
  return `${orderId.replaceAll("-", "").toLowerCase()}${kind}`;
}

/** Focus' chave_nfe reads "NFe" + 44 digits; carriers and SEFAZ want the 44 digits. */
export function accessKeyDigits(chave: string | null | undefined): string | null {
  if (!chave) return null;
  const digits = chave.replace(/^NFe/i, "");
  return /^\d{44}$/.test(digits) ? digits : null;
}
