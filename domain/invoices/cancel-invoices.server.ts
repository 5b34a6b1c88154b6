/**
 * Cancelling an order's notes when the sale is undone (issue 30 item 3), run by the `invoice-cancel`
 * job the order's move to cancelled or refunded queued. SEFAZ cancels an NF-e only within 24 h of
 * its authorization (some states allow longer; we keep to the common rule): past it, or when SEFAZ
 * refuses, the note is flagged and the owner is told what to do (a devolução note; a carta de
 * correção is not a cancel). An order refunded in part keeps its notes, flagged the same way.
 */
import { eq } from "drizzle-orm";
import { invoices } from "#platform/db/tables/invoices.ts";
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import { orderForInvoice } from "#domain/orders/invoice-tasks.server.ts";
import { orderLabel } from "#domain/orders/order-status.ts";
import { enqueueOwnerPush } from "#domain/push/push-queue.server.ts";
import { HOUR_SECONDS } from "#domain/push/push-messages.ts";
import { cancelAtFocus } from "#domain/invoices/focus-nfe-client.server.ts";
import { applyFocusNote, refreshInvoice } from "#domain/invoices/follow-invoices.server.ts";
import { INVOICE_ATTENTION_TEXT, type InvoiceAttention } from "#domain/invoices/invoice-moves.ts";
import { lockInvoice, moveInvoice, noteInvoice, type InvoiceRow, type Services } from "#domain/invoices/invoice-store.server.ts";

/** SEFAZ's window to cancel an authorized NF-e (Ajuste SINIEF 07/05; most states). */
export const CANCEL_WINDOW_MS = 24 * 60 * 60_000;

/** The justificativa Focus sends to SEFAZ (15–255 characters). */
export function cancelJustification(orderNumber: number): string {
  return `Venda desfeita: pedido ${orderLabel(orderNumber)} cancelado ou reembolsado pela loja.`;
}

export async function cancelOrderInvoices(services: Services, orderId: string, now = new Date()): Promise<void> {
  const order = await orderForInvoice(services.db, orderId);
  if (!order) return;
  const rows = await services.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (order.status === "partially_refunded") return flagPartialRefund(services, rows, order.number, orderId);
  let waiting = false;
  for (const row of rows) {
    if (row.status === "requested" || row.status === "refused") await dropInvoice(services, row.id);
    if (row.status === "processing") {
      // SEFAZ has not answered yet: read it now; still waiting → the job tries again later.
      await refreshInvoice(services, row);
      const [again] = await services.db.select().from(invoices).where(eq(invoices.id, row.id));
      if (again?.status === "processing") waiting = true;
      else if (again?.status === "authorized") await cancelAuthorized(services, again, order.number, now);
    }
    if (row.status === "authorized") await cancelAuthorized(services, row, order.number, now);
  }
  if (waiting) throw new ServiceUnavailableError(`invoices of order ${orderId} still processing at SEFAZ: cancel later`);
}

/**
 * Refunded in part: SEFAZ cancels a note whole or not at all, so every authorized note stays and is
 * flagged with what to do (a devolução note for goods that came back); one at SEFAZ is looked at later.
 */
async function flagPartialRefund(services: Services, rows: InvoiceRow[], orderNumber: number, orderId: string): Promise<void> {
  for (const row of rows) if (row.status === "authorized") await flag(services, row, orderNumber, "partial_refund", null);
  if (rows.some((row) => row.status === "processing")) {
    throw new ServiceUnavailableError(`invoices of order ${orderId} still processing at SEFAZ: look again later`);
  }
}

async function dropInvoice(services: Services, invoiceId: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (row && (row.status === "requested" || row.status === "refused")) {
      await moveInvoice(tx, services, row, "dropped", {}, "Pedido encerrado antes da emissão");
    }
  });
}

async function cancelAuthorized(services: Services, row: InvoiceRow, orderNumber: number, now: Date): Promise<void> {
  if (row.attention) return;
  const authorizedAt = row.authorizedAt ?? row.updatedAt;
  if (now.getTime() - authorizedAt.getTime() > CANCEL_WINDOW_MS) {
    return flag(services, row, orderNumber, "cancel_window_passed", null);
  }
  const answer = await cancelAtFocus(services, row.kind, row.ref, cancelJustification(orderNumber));
  if (answer.note?.status === "cancelado") {
    await applyFocusNote(services, row.ref, answer.note);
    return;
  }
  const message = answer.note?.mensagem_sefaz ?? answer.note?.erros?.[0]?.mensagem ?? answer.note?.mensagem ?? answer.text.slice(0, 300);
  await flag(services, row, orderNumber, "cancel_refused", message ?? null);
}

const FLAG_PUSH_BODY: Record<InvoiceAttention, string> = {
  cancel_window_passed: "Passou o prazo de 24 h: veja o que fazer.",
  cancel_refused: "A SEFAZ recusou o cancelamento: veja o que fazer.",
  partial_refund: "A nota vale pelo total: veja como registrar a devolução.",
};

/** The note stands: flagged, with the owner told on the phone and on the order page what to do. */
async function flag(services: Services, row: InvoiceRow, orderNumber: number, attention: InvoiceAttention, sefazMessage: string | null) {
  await services.db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, row.id);
    if (!locked || locked.status !== "authorized" || locked.attention) return;
    await noteInvoice(tx, locked, { attention, ...(sefazMessage ? { sefazMessage } : {}) }, INVOICE_ATTENTION_TEXT[attention]);
    await enqueueOwnerPush(tx, services, "invoice_refused", {
      title:
        attention === "partial_refund"
          ? `Nota do pedido ${orderLabel(orderNumber)}: reembolso parcial`
          : `Nota do pedido ${orderLabel(orderNumber)} não foi cancelada`,
      body: FLAG_PUSH_BODY[attention],
      path: `/admin/pedidos?order=${row.orderId}`,
      ttlSeconds: 3 * 24 * HOUR_SECONDS,
      urgency: "normal",
      topic: `nota-${orderNumber}-cancelamento`,
    });
  });
}
