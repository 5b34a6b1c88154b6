/**
 * The admin's order list (issue 17 item 2): search, filters, sort and paging, all in SQL, so a page
 * costs the same with ten orders or a hundred thousand rows to skip. The CSV export
 * (orders-csv.server.ts) uses the same conditions and order.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderItems, orderRefunds, orders } from "#platform/db/tables/orders.ts";
import {
  ADMIN_ORDER_PAGE_SIZE,
  type AdminOrderFilters,
  type AdminOrderPage,
  type AdminOrderQuery,
  type OrderSort,
  type PaymentState,
} from "#domain/orders/admin-order-schemas.ts";

/**
 * The outer order's id, always qualified: in a one-table select drizzle writes columns bare, and a
 * bare "id" inside a subquery would be the subquery's own table's.
 */
export const ORDER_ID = sql`${sql.identifier("orders")}.${sql.identifier("id")}`;

/** The shop's day: "from 2026-11-01" means midnight in São Paulo, not in UTC. */
const SHOP_TIME_ZONE = "America/Sao_Paulo";

const refunded = sql`(exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${ORDER_ID}) or ${orders.status} = 'refunded')`;

/** paymentStateOf (admin-order-rules.ts) in SQL: the same rules, in the same order. */
export const paymentStateSql = sql<PaymentState>`case
  when ${refunded} then 'refunded'
  when ${orders.status} = 'pending_payment' then 'awaiting'
  when ${orders.paidAt} is not null then 'paid'
  else 'unpaid' end`;

const PAYMENT_CONDITIONS: Record<PaymentState, SQL> = {
  refunded,
  awaiting: sql`(${orders.status} = 'pending_payment')`,
  paid: sql`(${orders.paidAt} is not null and not ${refunded})`,
  unpaid: sql`(${orders.paidAt} is null and ${orders.status} <> 'pending_payment' and not ${refunded})`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One search box for everything the owner knows about an order: its number ("10001", "#10001"), the
 * customer's or recipient's name or e-mail (any part, any case), the CPF or the phone written any
 * way ("529.982.247-25", "(11) 91234-5678", "+55 11 91234-5678"): the stored ones are digits only.
 */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const like = `%${escapeLike(term)}%`;
  const conditions: SQL[] = [
    ilike(orders.customerName, like),
    ilike(orders.customerEmail, like),
    sql`${orders.shippingAddress}->>'recipientName' ilike ${like}`,
  ];
  const number = /^#?\s*(\d{1,9})$/.exec(term)?.[1];
  if (number) conditions.push(eq(orders.number, Number(number)));
  const digits = term.replace(/\D/g, "");
  // Only a term made of digits and their punctuation is a CPF or a phone; 8 digits at least (a phone without DDD).
  if (digits.length >= 8 && /^[\d\s().+\-/]+$/.test(term)) {
    const national = digits.length > 11 && digits.startsWith("55") ? digits.slice(2) : digits;
    conditions.push(sql`${orders.shippingAddress}->>'cpf' = ${digits}`);
    conditions.push(sql`${orders.shippingAddress}->>'phone' like ${`%${national}%`}`);
  }
  return or(...conditions);
}

export function filterCondition(filters: AdminOrderFilters): SQL | undefined {
  const conditions = [
    filters.q ? searchCondition(filters.q) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.payment ? PAYMENT_CONDITIONS[filters.payment] : undefined,
    filters.from ? sql`${orders.createdAt} >= (${filters.from}::date::timestamp at time zone ${SHOP_TIME_ZONE})` : undefined,
    filters.to ? sql`${orders.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Each sort ends with the order number, so paging never shows a row twice or skips one. */
export function sortOrder(sort: OrderSort | undefined): SQL[] {
  switch (sort) {
    case "oldest":
      return [asc(orders.createdAt), asc(orders.number)];
    case "total_desc":
      return [desc(orders.totalCents), desc(orders.number)];
    case "total_asc":
      return [asc(orders.totalCents), desc(orders.number)];
    case "customer":
      return [asc(sql`lower(${orders.customerName})`), desc(orders.number)];
    default:
      return [desc(orders.createdAt), desc(orders.number)];
  }
}

export const itemCountSql = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${ORDER_ID})`;

export async function listAdminOrderPage(db: Database, query: AdminOrderQuery): Promise<AdminOrderPage> {
  const where = filterCondition(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        paymentState: paymentStateSql,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
        itemCount: itemCountSql,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        customerPhone: sql<string | null>`${orders.shippingAddress}->>'phone'`,
        shippingMethod: orders.shippingMethod,
        trackingCode: orders.trackingCode,
      })
      .from(orders)
      .where(where)
      .orderBy(...sortOrder(query.sort))
      .limit(ADMIN_ORDER_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_ORDER_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    orders: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: query.page,
    pageSize: ADMIN_ORDER_PAGE_SIZE,
    total: counted?.total ?? 0,
  };
}
