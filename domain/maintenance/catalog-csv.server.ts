/**
 * The maintenance panel's CSV exports of customers and products (issue 18 item 8), in the same
 * spreadsheet dialect as the orders' (csv-stream.server.ts). Customers: every account, with what
 * it bought; products: the catalogue as the admin edits it.
 */
import type { Readable } from "node:stream";
import { asc, sql } from "drizzle-orm";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { csvFormat, selection, streamCsv, type CsvColumn } from "#domain/exports/csv-stream.server.ts";
import { csvMoney } from "#domain/orders/admin-order-rules.ts";
import type { Database } from "#platform/db/client.ts";
import { adminEmails, users } from "#platform/db/tables/auth.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { orders } from "#platform/db/tables/orders.ts";

const { when, text, yesNo } = csvFormat;
const money = (value: unknown) => csvMoney(typeof value === "number" ? value : null);
const count = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const CATEGORY_TITLES = new Map<string, string>(CATEGORIES.map((category) => [category.id, category.title]));

/**
 * The outer account's columns, always qualified: in a one-table select drizzle writes columns bare,
 * and a bare "id" or "email" inside a subquery would be the subquery's own table's.
 */
const USER_ID = sql`${sql.identifier("users")}.${sql.identifier("id")}`;
const USER_EMAIL = sql`${sql.identifier("users")}.${sql.identifier("email")}`;

/** Orders that count as bought: paid, whatever happened after, except refunded or cancelled ones. */
const boughtOrders = sql`${orders.userId} = ${USER_ID} and ${orders.paidAt} is not null and ${orders.status} not in ('cancelled', 'refunded')`;

const CUSTOMER_COLUMNS: CsvColumn[] = [
  { header: "Nome", value: sql`${users.name}`, format: text },
  { header: "E-mail", value: sql`${users.email}`, format: text },
  { header: "E-mail confirmado", value: sql`${users.emailVerified}`, format: yesNo },
  {
    header: "Administrador",
    value: sql`exists (select 1 from ${adminEmails} where lower(${adminEmails.email}) = ${USER_EMAIL})`,
    format: yesNo,
  },
  { header: "Cadastro", value: sql`${users.createdAt}`, format: when },
  { header: "Pedidos", value: sql`(select count(*)::int from ${orders} where ${orders.userId} = ${USER_ID})`, format: count },
  { header: "Pedidos pagos", value: sql`(select count(*)::int from ${orders} where ${boughtOrders})`, format: count },
  {
    header: "Total comprado (R$)",
    value: sql`(select coalesce(sum(${orders.totalCents}), 0)::int from ${orders} where ${boughtOrders})`,
    format: money,
  },
  {
    header: "Último pedido",
    value: sql`(select max(${orders.createdAt}) from ${orders} where ${orders.userId} = ${USER_ID})`,
    format: when,
  },
];

const PRODUCT_COLUMNS: CsvColumn[] = [
  { header: "Código", value: sql`${products.numericId}`, format: String },
  { header: "Produto", value: sql`${products.name}`, format: text },
  { header: "Categoria", value: sql`${products.category}::text`, format: (value) => CATEGORY_TITLES.get(text(value)) ?? text(value) },
  { header: "Unidade", value: sql`${products.unitType}::text`, format: (value) => (value === "gram" ? "Grama" : "Unidade") },
  { header: "Preço (R$)", value: sql`${products.priceCents}`, format: money },
  { header: "Estoque", value: sql`${products.stock}`, format: (value) => (value === null ? "Sem limite" : String(value)) },
  { header: "Sob encomenda", value: sql`${products.madeToOrder}`, format: yesNo },
  { header: "À venda", value: sql`not ${products.buttonDisabled}`, format: yesNo },
  { header: "Selo", value: sql`${products.badge}`, format: text },
  { header: "Endereço", value: sql`${products.route}`, format: text },
  { header: "Atualizado em", value: sql`${products.updatedAt}`, format: when },
];

export const CUSTOMERS_CSV_HEADERS = CUSTOMER_COLUMNS.map((column) => column.header);
export const PRODUCTS_CSV_HEADERS = PRODUCT_COLUMNS.map((column) => column.header);

/** Every account, oldest first. */
export function streamCustomersCsv(db: Database): Promise<Readable> {
  const query = db.select(selection(CUSTOMER_COLUMNS)).from(users).orderBy(asc(users.createdAt), asc(users.id)).toSQL();
  return streamCsv(db, query, CUSTOMER_COLUMNS);
}

/** The catalogue in the home page's order. */
export function streamProductsCsv(db: Database): Promise<Readable> {
  const query = db.select(selection(PRODUCT_COLUMNS)).from(products).orderBy(asc(products.sortOrder), asc(products.numericId)).toSQL();
  return streamCsv(db, query, PRODUCT_COLUMNS);
}
