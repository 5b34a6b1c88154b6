/**
 * The one writer of a note's state (issue 30 item 3): each move is checked against
 * invoice-moves.ts, written with its history entry, and its effects (the customer's "Sua nota
 * fiscal" e-mail, the owner's push about a refusal) are queued in the same transaction, so a webhook
 * and the poller racing each other change a note once, and nobody forgets an effect.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { invoiceHistory, invoices } from "#platform/db/tables/invoices.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import type { AppServices } from "#platform/services.ts";
import { DomainError } from "#domain/errors.ts";
import { accountContacts } from "#domain/auth/account-names.server.ts";
import { invoiceReadyMessage } from "#domain/notifications/mail-templates.ts";
import { type InvoiceOrder, orderForInvoice, queueInvoiceCancel, touchesNotes, undoesSale } from "#domain/orders/invoice-tasks.server.ts";
import { orderLabel } from "#domain/orders/order-status.ts";
import { enqueueOwnerPush } from "#domain/push/push-queue.server.ts";
import { HOUR_SECONDS } from "#domain/push/push-messages.ts";
import { canMoveInvoice, type InvoiceStatus } from "#domain/invoices/invoice-moves.ts";

export type Services = Pick<AppServices, "config" | "db" | "logger">;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type InvoiceRow = typeof invoices.$inferSelect;

/** The columns a move may set beside the status. */
export type InvoiceFacts = Partial<
  Pick<
    InvoiceRow,
    | "accessKey"
    | "number"
    | "series"
    | "documentUrl"
    | "xmlUrl"
    | "sefazStatus"
    | "sefazMessage"
    | "refusalMessage"
    | "refusalField"
    | "attention"
    | "authorizedAt"
    | "cancelledAt"
    | "attempt"
  >
>;

export async function lockInvoice(tx: Tx, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return row ?? null;
}

export async function lockInvoiceByRef(tx: Tx, ref: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.ref, ref)).for("update");
  return row ?? null;
}

/**
 * Moves a locked note to `to` with `facts`, writing its history and queuing its effects. The caller
 * holds the row's lock (lockInvoice). Refuses a move not declared in INVOICE_MOVES.
 */
export async function moveInvoice(
  tx: Tx,
  services: Services,
  invoice: InvoiceRow,
  to: InvoiceStatus,
  facts: InvoiceFacts = {},
  detail: string | null = null,
  actorUserId: string | null = null,
): Promise<InvoiceRow> {
  if (!canMoveInvoice(invoice.status, to)) {
    throw new DomainError("conflict", "invoice_move_not_allowed", "Esta nota não pode mudar para este estado agora.");
  }
  const [moved] = await tx
    .update(invoices)
    .set({ ...facts, status: to, updatedAt: new Date() })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, invoice.status)))
    .returning();
  if (!moved) throw new DomainError("conflict", "invoice_changed", "A nota mudou enquanto isto era feito. Atualize a página.");
  await tx.insert(invoiceHistory).values({ invoiceId: invoice.id, fromStatus: invoice.status, toStatus: to, detail, actorUserId });
  await applyInvoiceEffects(tx, services, moved);
  return moved;
}

/** Writes a history line that keeps the state (a cancel the SEFAZ refused, the 24 h window passed). */
export async function noteInvoice(tx: Tx, invoice: InvoiceRow, facts: InvoiceFacts, detail: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ ...facts, updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id));
  await tx.insert(invoiceHistory).values({ invoiceId: invoice.id, fromStatus: invoice.status, toStatus: invoice.status, detail });
}

async function applyInvoiceEffects(tx: Tx, services: Services, invoice: InvoiceRow): Promise<void> {
  if (invoice.status === "authorized") await authorizedEffects(tx, services, invoice);
  if (invoice.status === "refused") await tellOwnerOfRefusal(tx, services, invoice);
}

/**
 * An authorized note goes to the customer, unless the sale was undone while SEFAZ took its time: the
 * cancel job may have given up on a note still "processing", so the authorization queues it again
 * (for an order refunded in part too, so the note is flagged for the owner).
 */
async function authorizedEffects(tx: Tx, services: Services, invoice: InvoiceRow): Promise<void> {
  const order = await orderForInvoice(tx, invoice.orderId);
  if (!order) return;
  if (touchesNotes(order.status)) await queueInvoiceCancel(tx, order.id);
  // The customer keeps a note that still stands (refunded in part), not one about to be cancelled.
  if (!undoesSale(order.status)) await emailCustomer(tx, services, invoice, order);
}

async function emailCustomer(tx: Tx, services: Services, invoice: InvoiceRow, order: InvoiceOrder): Promise<void> {
  if (!order.userId || !invoice.documentUrl) return;
  const contact = (await accountContacts(tx, [order.userId])).get(order.userId);
  if (!contact) return;
  await enqueueEmails(tx, services.config, [
    invoiceReadyMessage({
      to: contact.email,
      name: contact.name,
      orderId: order.id,
      orderNumber: order.number,
      kind: invoice.kind,
      documentUrl: invoice.documentUrl,
      publicUrl: services.config.PUBLIC_URL,
    }),
  ]);
}

async function tellOwnerOfRefusal(tx: Tx, services: Services, invoice: InvoiceRow): Promise<void> {
  const order = await orderForInvoice(tx, invoice.orderId);
  if (!order) return;
  const label = orderLabel(order.number);
  await enqueueOwnerPush(tx, services, "invoice_refused", {
    title:
      invoice.refusalField === "focus_unanswered"
        ? `Nota fiscal parada: Focus NFe sem resposta, pedido ${label}`
        : `Nota fiscal recusada: pedido ${label}`,
    body: (invoice.refusalMessage ?? "Veja o motivo e corrija.").slice(0, 140),
    path: `/admin/pedidos?order=${order.id}`,
    ttlSeconds: 3 * 24 * HOUR_SECONDS,
    urgency: "normal",
    topic: `nota-${order.number}-recusada`,
  });
}
