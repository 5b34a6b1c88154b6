/**
 * Issuing a paid order's notes (issue 30 item 3), run by the `invoice-issue` job the order's paid
 * move queued. Our row is committed first (its ref fixed by the order), then Focus is called with
 * that ref outside any transaction, then its answer is applied under the row's lock. A crash at any
 * point resumes: a row still "requested" is sent again with the same ref, and Focus answers that the
 * note already exists (never a second note). When Focus never answers, the job's last try hands the
 * waiting notes to the owner as refused, with "Emitir de novo" as the way out (decision 088).
 */
import { and, eq } from "drizzle-orm";
import { invoices } from "#platform/db/tables/invoices.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { isLastAttempt, type JobInfo } from "#platform/jobs/worker.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { INVOICE_ISSUE_TASK, orderForInvoice, type InvoiceOrder } from "#domain/orders/invoice-tasks.server.ts";
import { readFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { issueAtFocus } from "#domain/invoices/focus-nfe-client.server.ts";
import { applyFocusNote, refreshInvoice } from "#domain/invoices/follow-invoices.server.ts";
import { invoiceRef } from "#domain/invoices/invoice-moves.ts";
import { invoicePayload, kindsFor } from "#domain/invoices/invoice-payloads.ts";
import { explainRefusal, focusNoAnswer, type Refusal } from "#domain/invoices/invoice-refusals.ts";
import { lockInvoice, moveInvoice, type InvoiceRow, type Services } from "#domain/invoices/invoice-store.server.ts";
import { productTaxFor } from "#domain/invoices/product-tax.server.ts";

/** Orders whose money the shop keeps: only these get notes. */
const INVOICED_STATUSES = new Set(["paid", "preparing", "shipped", "delivered", "partially_refunded"]);

/** The job: makes the order's rows (one per kind) and sends every one still waiting. */
export async function issueOrderInvoices(services: Services, orderId: string, now = new Date()): Promise<void> {
  const order = await orderForInvoice(services.db, orderId);
  if (!order || !INVOICED_STATUSES.has(order.status)) return;
  const kinds = kindsFor(order);
  if (kinds.length === 0) return;
  await services.db
    .insert(invoices)
    .values(kinds.map((kind) => ({ orderId, kind, ref: invoiceRef(orderId, kind) })))
    .onConflictDoNothing();
  const waiting = await services.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, "requested")));
  for (const row of waiting) await sendInvoice(services, row, order, now);
}

/**
 * The `invoice-issue` job as the worker runs it. A try that fails is tried again later; the last one
 * leaves no note "Na fila para emissão" for ever: each note still waiting becomes refused with what
 * to do, and the owner's phone is told (the refused move's effect).
 */
export async function runInvoiceIssueJob(
  services: Services,
  orderId: string,
  job: Pick<JobInfo, "attempt" | "maxAttempts">,
): Promise<void> {
  try {
    await issueOrderInvoices(services, orderId);
  } catch (error) {
    if (!isLastAttempt(job)) throw error;
    services.logger.warn({ err: error, orderId, attempt: job.attempt }, "invoice issue: Focus NFe never answered");
    const waiting = await services.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.status, "requested")));
    for (const row of waiting) await refuseBeforeSending(services, row.id, focusNoAnswer(job.maxAttempts));
  }
}

/** Focus' answers that mean "this ref already is a note": read it instead of making another. */
const ALREADY_THERE = new Set(["em_processamento", "nfe_autorizada", "nfse_autorizada", "already_processed"]);

async function sendInvoice(services: Services, row: InvoiceRow, order: InvoiceOrder, now: Date): Promise<void> {
  const [profile, tax] = await Promise.all([
    readFulfilmentProfile(services),
    productTaxFor(
      services.db,
      order.lines.map((line) => line.productId),
    ),
  ]);
  const payload = invoicePayload(row.kind, { order, profile, tax, now, homologation: /homologacao/.test(services.config.FOCUS_NFE_URL) });
  if ("refusal" in payload) return refuseBeforeSending(services, row.id, payload.refusal);

  const answer = await issueAtFocus(services, row.kind, row.ref, payload.body);
  if (answer.status === 201 || answer.status === 202) {
    await applyFocusNote(services, row.ref, answer.note ?? { status: "processando_autorizacao" });
    return;
  }
  if (answer.note?.codigo && ALREADY_THERE.has(answer.note.codigo)) {
    await refreshInvoice(services, row);
    return;
  }
  // Focus refused the request itself (schema, company not enabled, certificate): the owner fixes and resends.
  const message = answer.note?.erros?.map((item) => item.mensagem).find(Boolean) ?? answer.note?.mensagem ?? answer.text.slice(0, 300);
  const refusal = answer.note?.codigo === "certificado_vencido" ? explainRefusal("281", message) : explainRefusal(null, message);
  await refuseBeforeSending(services, row.id, refusal, answer.note?.codigo ?? String(answer.status));
}

async function refuseBeforeSending(services: Services, invoiceId: string, refusal: Refusal, code: string | null = null): Promise<void> {
  await services.db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (row?.status !== "requested") return;
    await moveInvoice(
      tx,
      services,
      row,
      "refused",
      { refusalMessage: refusal.message, refusalField: refusal.field, sefazStatus: code, sefazMessage: null },
      refusal.message,
    );
  });
}

/**
 * "Emitir de novo" after the owner fixed what was refused: the note goes back to the queue with the
 * same ref (Focus accepts it again only after erro_autorizacao) and the job sends it.
 */
export async function resendInvoice(services: Services, invoiceId: string, actorUserId: string): Promise<InvoiceRow> {
  return services.db.transaction(async (tx) => {
    const row = await lockInvoice(tx, invoiceId);
    if (!row) throw new DomainError("not_found", "invoice_not_found", "Nota fiscal não encontrada.");
    if (row.status !== "refused") {
      throw new DomainError("conflict", "invoice_not_refused", "Só uma nota recusada pode ser emitida de novo.");
    }
    const moved = await moveInvoice(
      tx,
      services,
      row,
      "requested",
      { attempt: row.attempt + 1, refusalMessage: null, refusalField: null },
      "Emitida de novo após correção",
      actorUserId,
    );
    await recordAudit(tx, {
      actorUserId,
      action: "invoice.resend",
      entityType: "invoice",
      entityId: row.id,
      entityLabel: `${row.kind === "nfe" ? "NF-e" : "NFS-e"} do pedido #${(await orderForInvoice(tx, row.orderId))?.number ?? "?"}`,
      before: { status: row.status, attempt: row.attempt, refusal: row.refusalMessage },
      after: { status: moved.status, attempt: moved.attempt },
    });
    await enqueueJob(tx, INVOICE_ISSUE_TASK, { orderId: row.orderId }, { maxAttempts: 20, jobKey: `invoice-issue-${row.orderId}` });
    return moved;
  });
}
