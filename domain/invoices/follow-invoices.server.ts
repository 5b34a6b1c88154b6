/**
 * What Focus NFe says about a note, applied to our row (issue 30 item 3): from its hook, the
 * poller, or the answer to our own POST. Idempotent: the row is locked and only a declared move of
 * its current state is made, so the same news five times at once changes the note once, and late
 * news (processing after authorized) changes nothing.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { invoices } from "#platform/db/tables/invoices.ts";
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import { focusFileUrl, readAtFocus, type FocusNote } from "#domain/invoices/focus-nfe-client.server.ts";
import { accessKeyDigits, type InvoiceStatus } from "#domain/invoices/invoice-moves.ts";
import { explainRefusal } from "#domain/invoices/invoice-refusals.ts";
import { lockInvoiceByRef, moveInvoice, type InvoiceFacts, type InvoiceRow, type Services } from "#domain/invoices/invoice-store.server.ts";

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** Focus' status words, as our states. */
function ourStatus(note: FocusNote): InvoiceStatus | null {
  switch (note.status) {
    case "processando_autorizacao":
      return "processing";
    case "autorizado":
      return "authorized";
    case "erro_autorizacao":
      return "refused";
    case "denegado":
      return "denied";
    case "cancelado":
      return "cancelled";
    default:
      return null;
  }
}

/** The note's files as full addresses (Focus answers paths); read before the row is locked. */
type NoteFiles = { danfe: string | null; danfse: string | null; xml: string | null };

async function filesOf(services: Services, note: FocusNote): Promise<NoteFiles> {
  return {
    danfe: await focusFileUrl(services, note.caminho_danfe),
    danfse: await focusFileUrl(services, note.url_danfse ?? note.url),
    xml: await focusFileUrl(services, note.caminho_xml_nota_fiscal),
  };
}

/** The columns the answer fills for the state it reaches. */
function factsOf(row: InvoiceRow, note: FocusNote, to: InvoiceStatus, files: NoteFiles): InvoiceFacts {
  const sefaz = { sefazStatus: text(note.status_sefaz), sefazMessage: note.mensagem_sefaz ?? null };
  if (to === "authorized") {
    return {
      ...sefaz,
      accessKey: row.kind === "nfe" ? accessKeyDigits(note.chave_nfe) : (note.chave_nfse ?? null),
      number: text(note.numero),
      series: text(note.serie),
      documentUrl: row.kind === "nfe" ? files.danfe : files.danfse,
      xmlUrl: files.xml,
      authorizedAt: new Date(),
      refusalMessage: null,
      refusalField: null,
    };
  }
  if (to === "refused") {
    const refusal = explainRefusal(text(note.status_sefaz), note.mensagem_sefaz ?? note.erros?.[0]?.mensagem ?? note.mensagem);
    return { ...sefaz, refusalMessage: refusal.message, refusalField: refusal.field };
  }
  if (to === "cancelled") return { ...sefaz, cancelledAt: new Date() };
  return sefaz;
}

/** Applies Focus' description of the note `ref`; whether our row moved. Unknown refs are ignored. */
export async function applyFocusNote(services: Services, ref: string, note: FocusNote): Promise<boolean> {
  const target = ourStatus(note);
  if (!target) return false;
  // Where the files are may need the stored connection (another pooled connection): asked before the
  // lock, never while holding it, so five copies at once cannot take every connection and wait on each other.
  const files = await filesOf(services, note);
  return services.db.transaction(async (tx) => {
    let row = await lockInvoiceByRef(tx, ref);
    if (!row || row.status === target) return false;
    // Focus knows the note, so it was accepted: a row still "requested" (a crash after the POST) catches up.
    if (row.status === "requested" && target !== "refused") row = await moveInvoice(tx, services, row, "processing");
    if (row.status === target) return true;
    if (row.status !== "processing" && !(row.status === "authorized" && target === "cancelled")) return false;
    await moveInvoice(tx, services, row, target, factsOf(row, note, target, files), note.mensagem_sefaz ?? null);
    return true;
  });
}

/** Reads the note at Focus and applies it (the hook is never believed: it only names the note to read). */
export async function refreshInvoice(services: Services, row: Pick<InvoiceRow, "kind" | "ref">): Promise<boolean> {
  const answer = await readAtFocus(services, row.kind, row.ref);
  if (answer.status === 404) return false;
  if (!answer.note) throw new ServiceUnavailableError(`GET note ${row.ref}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
  return applyFocusNote(services, row.ref, answer.note);
}

/** A note Focus accepted more than this long ago and SEFAZ has not answered: the poller asks. */
const POLL_AFTER_MS = 60_000;

/** The poller (a schedule): notes waiting for SEFAZ are read back, in case a hook was lost. How many moved. */
export async function pollProcessingInvoices(services: Services, options: { now?: Date; batch?: number } = {}): Promise<number> {
  if (services.config.INVOICE_PROVIDER !== "focusnfe") return 0;
  const now = options.now ?? new Date();
  const waiting = await services.db
    .select({ kind: invoices.kind, ref: invoices.ref })
    .from(invoices)
    .where(and(eq(invoices.status, "processing"), lt(invoices.updatedAt, new Date(now.getTime() - POLL_AFTER_MS))))
    .orderBy(asc(invoices.updatedAt))
    .limit(options.batch ?? 20);
  let moved = 0;
  for (const row of waiting) {
    try {
      if (await refreshInvoice(services, row)) moved += 1;
    } catch (error) {
      // One note Focus cannot answer for now leaves the others to be read; the next tick tries again.
      if (!(error instanceof ServiceUnavailableError)) throw error;
      services.logger.warn({ err: error, ref: row.ref }, "focus nfe poll failed");
    }
  }
  return moved;
}
