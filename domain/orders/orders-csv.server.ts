/**
 * The CSV export of the admin's filtered order list (issue 17 item 2), for a spreadsheet in
 * Brazilian Portuguese (domain/exports/csv-stream.server.ts: `;`, BOM, formulas escaped, streamed):
 * money with a decimal comma and no thousands separator (Excel pt-BR reads it as a number it can
 * sum), dates in the shop's time zone.
 */
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderRefunds, orders } from "#platform/db/tables/orders.ts";
import { csvMoney } from "#domain/orders/admin-order-rules.ts";
import { PAYMENT_STATE_LABELS, type AdminOrderFilters, type PaymentState } from "#domain/orders/admin-order-schemas.ts";
import { filterCondition, itemCountSql, ORDER_ID, paymentStateSql, sortOrder } from "#domain/orders/admin-order-search.server.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#domain/orders/order-status.ts";
import { csvFileName, csvFormat, selection, streamCsv, type CsvColumn } from "#domain/exports/csv-stream.server.ts";

const { when, text } = csvFormat;
const money = (value: unknown) => csvMoney(typeof value === "number" ? value : null);

const cpf = (value: unknown) => text(value).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
const phone = (value: unknown) => text(value).replace(/^(\d{2})(\d{4,5})(\d{4})$/, "($1) $2-$3");
const cep = (value: unknown) => text(value).replace(/^(\d{5})(\d{3})$/, "$1-$2");

/** The export's columns, in order: pt-BR header, what is read, how it is written. */
const COLUMNS: CsvColumn[] = [
  { header: "Pedido", value: sql`${orders.number}`, format: String },
  { header: "Data", value: sql`${orders.createdAt}`, format: when },
  { header: "Status", value: sql`${orders.status}`, format: (value) => ORDER_STATUS_LABELS[value as OrderStatus] ?? "" },
  { header: "Pagamento", value: paymentStateSql, format: (value) => PAYMENT_STATE_LABELS[value as PaymentState] ?? "" },
  { header: "Pago em", value: sql`${orders.paidAt}`, format: when },
  { header: "Cliente", value: sql`${orders.customerName}`, format: text },
  { header: "E-mail", value: sql`${orders.customerEmail}`, format: text },
  { header: "CPF", value: sql`${orders.shippingAddress}->>'cpf'`, format: cpf },
  { header: "Telefone", value: sql`${orders.shippingAddress}->>'phone'`, format: phone },
  { header: "Itens", value: itemCountSql, format: String },
  { header: "Subtotal (R$)", value: sql`${orders.subtotalCents}`, format: money },
  { header: "Embalagens (R$)", value: sql`${orders.packagingCents}`, format: money },
  { header: "Frete (R$)", value: sql`${orders.shippingCents}`, format: money },
  { header: "Descontos (R$)", value: sql`${orders.discountCents}`, format: money },
  { header: "Total (R$)", value: sql`${orders.totalCents}`, format: money },
  {
    header: "Reembolso (R$)",
    value: sql`(select ${orderRefunds.amountCents} from ${orderRefunds} where ${orderRefunds.orderId} = ${ORDER_ID})`,
    format: money,
  },
  { header: "Envio", value: sql`upper(${orders.shippingMethod})`, format: text },
  { header: "Rastreio", value: sql`${orders.trackingCode}`, format: text },
  { header: "Destinatário", value: sql`${orders.shippingAddress}->>'recipientName'`, format: text },
  { header: "Cidade", value: sql`${orders.shippingAddress}->>'city'`, format: text },
  { header: "UF", value: sql`${orders.shippingAddress}->>'state'`, format: text },
  { header: "CEP", value: sql`${orders.shippingAddress}->>'cep'`, format: cep },
  { header: "Motivo do cancelamento", value: sql`${orders.cancelReason}`, format: text },
];

export const ORDERS_CSV_HEADERS = COLUMNS.map((column) => column.header);

/** "pedidos-2026-11-25.csv", the shop's date. */
export function ordersCsvFileName(now = new Date()): string {
  return csvFileName("pedidos", now);
}

/**
 * The CSV of every order matching `filters`, in the list's order. The pooled connection is held for
 * the stream's life and given back when it ends, fails or the download is abandoned.
 */
export async function streamOrdersCsv(db: Database, filters: AdminOrderFilters): Promise<Readable> {
  const query = db
    .select(selection(COLUMNS))
    .from(orders)
    .where(filterCondition(filters))
    .orderBy(...sortOrder(filters.sort))
    .toSQL();
  return streamCsv(db, query, COLUMNS);
}
