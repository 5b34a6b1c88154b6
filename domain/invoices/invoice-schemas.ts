/** What the invoices' endpoints answer (issue 30 item 3). Browser-safe: the owner's and customer's screens read these types. */
import { z } from "zod";
import { INVOICE_ATTENTIONS, INVOICE_KINDS, INVOICE_STATUSES } from "#domain/invoices/invoice-moves.ts";

export const invoiceHistoryEntrySchema = z.object({
  status: z.enum(INVOICE_STATUSES),
  detail: z.string().nullable(),
  at: z.string(),
});

export const invoiceViewSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  attempt: z.number().int(),
  number: z.string().nullable(),
  series: z.string().nullable(),
  accessKey: z.string().nullable(),
  documentUrl: z.string().nullable(),
  sefazStatus: z.string().nullable(),
  sefazMessage: z.string().nullable(),
  /** The refusal in the owner's words, and where to fix it. */
  refusalMessage: z.string().nullable(),
  refusalWhere: z.string().nullable(),
  /** An authorized note that could not be cancelled: what the owner does. */
  attention: z.enum(INVOICE_ATTENTIONS).nullable(),
  authorizedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  history: z.array(invoiceHistoryEntrySchema),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const orderInvoicesSchema = z.object({
  /** "none": the shop issues no notes through the shop (INVOICE_PROVIDER). */
  provider: z.enum(["none", "focusnfe"]),
  invoices: z.array(invoiceViewSchema),
});
export type OrderInvoices = z.infer<typeof orderInvoicesSchema>;

/** The owner's list of notes that need them: refused ones to fix, and authorized ones that could not be cancelled. */
export const invoicesToFixSchema = z.object({ provider: z.enum(["none", "focusnfe"]), invoices: z.array(invoiceViewSchema) });
export type InvoicesToFix = z.infer<typeof invoicesToFixSchema>;

/** The customer's notes of one order: only authorized ones, with the DANFE/DANFSe link. */
export const customerInvoicesSchema = z.object({
  invoices: z.array(
    z.object({
      kind: z.enum(INVOICE_KINDS),
      number: z.string().nullable(),
      documentUrl: z.string(),
      authorizedAt: z.string().nullable(),
    }),
  ),
});
export type CustomerInvoices = z.infer<typeof customerInvoicesSchema>;

/** Focus NFe's hook body: the note as GET returns it; only `ref` is used (the note is read back). */
export const focusWebhookBodySchema = z.object({ ref: z.string().min(1).max(60) }).loose();

export const invoiceWebhookReceivedSchema = z.object({ received: z.literal(true) });
