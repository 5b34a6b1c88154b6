/** The invoices as the owner and the customer read them (issue 30 item 3). */
import { and, asc, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { invoiceHistory, invoices } from "#platform/db/tables/invoices.ts";
import { orderNumbers } from "#domain/orders/customer-orders.server.ts";
import { REFUSAL_FIELD_LABELS, type RefusalField } from "#domain/invoices/invoice-refusals.ts";
import type { CustomerInvoices, InvoiceView, OrderInvoices } from "#domain/invoices/invoice-schemas.ts";
import type { Services } from "#domain/invoices/invoice-store.server.ts";

type Row = typeof invoices.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

async function views(db: Database, rows: Row[]): Promise<InvoiceView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [history, numbers] = await Promise.all([
    db.select().from(invoiceHistory).where(inArray(invoiceHistory.invoiceId, ids)).orderBy(asc(invoiceHistory.createdAt)),
    orderNumbers(
      db,
      rows.map((row) => row.orderId),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: numbers.get(row.orderId) ?? 0,
    kind: row.kind,
    status: row.status,
    attempt: row.attempt,
    number: row.number,
    series: row.series,
    accessKey: row.accessKey,
    documentUrl: row.documentUrl,
    sefazStatus: row.sefazStatus,
    sefazMessage: row.sefazMessage,
    refusalMessage: row.refusalMessage,
    refusalWhere: row.refusalField ? (REFUSAL_FIELD_LABELS[row.refusalField as RefusalField] ?? null) : null,
    attention: row.attention,
    authorizedAt: iso(row.authorizedAt),
    cancelledAt: iso(row.cancelledAt),
    history: history
      .filter((entry) => entry.invoiceId === row.id)
      .map((entry) => ({ status: entry.toStatus, detail: entry.detail, at: entry.createdAt.toISOString() })),
  }));
}

/** The admin's order page: every note of the order. */
export async function orderInvoices(services: Pick<Services, "db" | "config">, orderId: string): Promise<OrderInvoices> {
  const rows = await services.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.kind));
  return { provider: services.config.INVOICE_PROVIDER, invoices: await views(services.db, rows) };
}

/** The owner's work list: refused notes to fix and send again, and notes that could not be cancelled. */
export async function invoicesToFix(db: Database): Promise<InvoiceView[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(or(eq(invoices.status, "refused"), and(eq(invoices.status, "authorized"), isNotNull(invoices.attention))))
    .orderBy(desc(invoices.updatedAt))
    .limit(100);
  return views(db, rows);
}

/** One invoice, for the answer to "Emitir de novo". */
export async function invoiceView(db: Database, id: string): Promise<InvoiceView | null> {
  const rows = await db.select().from(invoices).where(eq(invoices.id, id));
  return (await views(db, rows))[0] ?? null;
}

/** The customer's order page and e-mail: authorized notes only (a refused or cancelled one is the shop's business). */
export async function customerInvoices(db: Database, orderId: string): Promise<CustomerInvoices> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, "authorized"), isNotNull(invoices.documentUrl)))
    .orderBy(asc(invoices.kind));
  return {
    invoices: rows.map((row) => ({
      kind: row.kind,
      number: row.number,
      documentUrl: row.documentUrl!,
      authorizedAt: iso(row.authorizedAt),
    })),
  };
}
