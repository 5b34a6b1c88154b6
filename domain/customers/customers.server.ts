/**
 * The admin's customers (issue 17 item 3): the accounts, found by name, e-mail, CPF or phone, paged
 * in SQL, each with their orders, what they spent, their consents and their referral link. The
 * account holds no CPF or phone: those are the ones their orders and saved addresses carry.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { CONSENT_PURPOSES, type ConsentPurpose } from "#domain/consent/consent-rules.ts";
import {
  CUSTOMER_PAGE_SIZE,
  MIN_SEARCH_DIGITS,
  type ConsentState,
  type CustomerDetail,
  type CustomerPage,
  type CustomerQuery,
  type CustomerSummary,
} from "#domain/customers/customer-schemas.ts";
import { listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { countsAsRevenue, keptCents, refundJoin } from "#domain/orders/order-revenue.server.ts";

/** `%`, `_` and `\` typed in a search are looked for as themselves, not as LIKE's wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Which accounts a search matches (`u` is users): name or e-mail contain it, or, by its digits, a CPF or a phone. */
function searchCondition(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const text = `%${escapeLike(q)}%`;
  const digits = q.replace(/\D/g, "");
  if (digits.length < MIN_SEARCH_DIGITS) return sql`(u.name ilike ${text} or u.email ilike ${text})`;
  const number = `%${digits}%`;
  return sql`(
    u.name ilike ${text} or u.email ilike ${text}
    or exists (
      select 1 from orders o
      where o.user_id = u.id and (o.shipping_address->>'cpf' like ${number} or o.shipping_address->>'phone' like ${number})
    )
    or exists (select 1 from addresses a where a.user_id = u.id and a.phone like ${number})
  )`;
}

type SummaryRow = {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  created_ms: number;
  order_count: number;
  spent: string;
  last_order_ms: number | null;
  cpf: string | null;
  phone: string | null;
};

/** The accounts matching `where`, newest first, with their order figures and newest CPF and phone. */
async function summaryRows(db: Database, where: SQL, limit: number, offset: number): Promise<SummaryRow[]> {
  const result = await db.execute<SummaryRow>(sql`
    select u.id, u.name, u.email, u.email_verified,
      (extract(epoch from u.created_at) * 1000)::float8 as created_ms,
      coalesce(s.order_count, 0)::int as order_count,
      coalesce(s.spent, 0)::bigint as spent,
      s.last_order_ms,
      (select o.shipping_address->>'cpf' from orders o
        where o.user_id = u.id and o.shipping_address is not null order by o.created_at desc limit 1) as cpf,
      coalesce(
        (select o.shipping_address->>'phone' from orders o
          where o.user_id = u.id and o.shipping_address is not null order by o.created_at desc limit 1),
        (select a.phone from addresses a where a.user_id = u.id order by a.created_at desc limit 1)
      ) as phone
    from users u
    left join lateral (
      select count(*) as order_count,
        sum(case when ${countsAsRevenue} then ${keptCents} else 0 end) as spent,
        (extract(epoch from max(o.created_at)) * 1000)::float8 as last_order_ms
      from orders o ${refundJoin}
      where o.user_id = u.id
    ) s on true
    where ${where}
    order by u.created_at desc, u.id
    limit ${limit} offset ${offset}
  `);
  return result.rows;
}

function toSummary(row: SummaryRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: new Date(row.created_ms).toISOString(),
    orderCount: row.order_count,
    totalSpentCents: Number(row.spent),
    lastOrderAt: row.last_order_ms === null ? null : new Date(row.last_order_ms).toISOString(),
    cpf: row.cpf,
    phone: row.phone,
  };
}

/** One page of the customers matching `q` (all of them without it), newest account first. */
export async function searchCustomers(db: Database, query: CustomerQuery): Promise<CustomerPage> {
  const where = searchCondition(query.q);
  const offset = (query.page - 1) * CUSTOMER_PAGE_SIZE;
  const [rows, counted] = await Promise.all([
    summaryRows(db, where, CUSTOMER_PAGE_SIZE + 1, offset),
    db.execute<{ total: number }>(sql`select count(*)::int as total from users u where ${where}`),
  ]);
  return {
    customers: rows.slice(0, CUSTOMER_PAGE_SIZE).map(toSummary),
    page: query.page,
    pageSize: CUSTOMER_PAGE_SIZE,
    total: counted.rows[0]?.total ?? 0,
    hasMore: rows.length > CUSTOMER_PAGE_SIZE,
  };
}

/** The account's latest choice for each consent purpose (events it made while signed in). */
async function consentStates(db: Database, userId: string): Promise<ConsentState[]> {
  const result = await db.execute<{ purpose: ConsentPurpose; granted: boolean; version: string; recorded_ms: number }>(sql`
    select distinct on (purpose) purpose, granted, version, (extract(epoch from created_at) * 1000)::float8 as recorded_ms
    from consent_events
    where user_id = ${userId}
    order by purpose, created_at desc, id desc
  `);
  const latest = new Map(result.rows.map((row) => [row.purpose, row]));
  return CONSENT_PURPOSES.map((purpose) => {
    const row = latest.get(purpose);
    return row
      ? { purpose, state: row.granted ? "granted" : "refused", version: row.version, recordedAt: new Date(row.recorded_ms).toISOString() }
      : { purpose, state: "never", version: null, recordedAt: null };
  });
}

/** Every CPF and phone the account's orders and saved addresses carry, newest first, each once. */
async function contactNumbers(db: Database, userId: string): Promise<{ cpfs: string[]; phones: string[] }> {
  const result = await db.execute<{ kind: "cpf" | "phone"; value: string }>(sql`
    select kind, value from (
      select 'cpf' as kind, o.shipping_address->>'cpf' as value, o.created_at as at from orders o
        where o.user_id = ${userId} and o.shipping_address is not null
      union all
      select 'phone', o.shipping_address->>'phone', o.created_at from orders o
        where o.user_id = ${userId} and o.shipping_address is not null
      union all
      select 'phone', a.phone, a.created_at from addresses a where a.user_id = ${userId}
    ) numbers
    where value is not null
    group by kind, value
    order by max(at) desc
  `);
  const of = (kind: "cpf" | "phone") => result.rows.filter((row) => row.kind === kind).map((row) => row.value);
  return { cpfs: of("cpf"), phones: of("phone") };
}

async function referralState(db: Database, userId: string): Promise<CustomerDetail["referral"]> {
  const result = await db.execute<{ code: string; total_credits: number }>(
    sql`select code, total_credits from referral_links where user_id = ${userId} order by created_at, id`,
  );
  if (result.rows.length === 0) return null;
  return {
    codes: result.rows.map((row) => row.code),
    totalCredits: result.rows.reduce((total, row) => total + row.total_credits, 0),
  };
}

/** One customer with everything the admin's customer page shows; null when there is no such account. */
export async function getCustomer(db: Database, id: string): Promise<CustomerDetail | null> {
  const [row] = await summaryRows(db, sql`u.id = ${id}`, 1, 0);
  if (!row) return null;
  const [numbers, orders, consent, referral] = await Promise.all([
    contactNumbers(db, id),
    listCustomerOrders(db, id),
    consentStates(db, id),
    referralState(db, id),
  ]);
  return { ...toSummary(row), emailVerified: row.email_verified, ...numbers, orders, consent, referral };
}
