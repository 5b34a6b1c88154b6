/**
 * The owner's dashboard (issue 17 item 1): revenue and paid orders today, in 7 and in 30 days (São
 * Paulo days), the daily revenue of the last 30 days, orders by status, Pix still payable with the
 * time left, withdrawals waiting for their products, low stock, and the audit log's newest entries.
 * The figures are read in one read-only snapshot, so they add up with each other.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { listAuditLog } from "#domain/audit/audit-log.server.ts";
import { abandonedCarts } from "#domain/recovery/abandoned-carts.server.ts";
import {
  CHART_DAYS,
  DASHBOARD_AUDIT_ENTRIES,
  DASHBOARD_LIST_LIMIT,
  LOW_STOCK_THRESHOLD,
  REVENUE_PERIOD_DAYS,
  SHOP_TIME_ZONE,
  shopDate,
} from "#domain/dashboard/dashboard-rules.ts";
import type { DailyRevenue, Dashboard, PendingPix, StockAlert, WaitingWithdrawal } from "#domain/dashboard/dashboard-schemas.ts";
import { countsAsRevenue, keptCents, refundJoin } from "#domain/orders/order-revenue.server.ts";
import { ORDER_STATUSES, type OrderStatus } from "#domain/orders/order-status.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A timestamp as milliseconds since the epoch: a number, whatever the driver does with dates. */
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const toIso = (ms: number) => new Date(ms).toISOString();

/** The last CHART_DAYS São Paulo days up to `now`'s, oldest first, with their paid orders' revenue. */
async function dailyRevenue(tx: Tx, now: Date): Promise<DailyRevenue[]> {
  const result = await tx.execute<{ date: string; revenue: string; orders: number }>(sql`
    with bounds as (select (${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date as today),
    days as (select (bounds.today - n)::date as day from bounds, generate_series(0, ${CHART_DAYS - 1}::int) as n),
    paid as (
      select (o.paid_at at time zone ${SHOP_TIME_ZONE})::date as day, ${keptCents} as cents
      from orders o ${refundJoin} cross join bounds
      where ${countsAsRevenue}
        -- Midnight in São Paulo of the first day, up to the next midnight after today.
        and o.paid_at >= ((bounds.today - ${CHART_DAYS - 1}::int)::timestamp at time zone ${SHOP_TIME_ZONE})
        and o.paid_at < ((bounds.today + 1)::timestamp at time zone ${SHOP_TIME_ZONE})
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(sum(paid.cents), 0)::bigint as revenue, count(paid.day)::int as orders
    from days left join paid on paid.day = days.day
    group by days.day
    order by days.day
  `);
  return result.rows.map((row) => ({ date: row.date, revenueCents: Number(row.revenue), orderCount: row.orders }));
}

/** The sum of the last `days` entries of the daily series. */
function period(series: DailyRevenue[], days: number) {
  return series
    .slice(-days)
    .reduce((total, day) => ({ revenueCents: total.revenueCents + day.revenueCents, orderCount: total.orderCount + day.orderCount }), {
      revenueCents: 0,
      orderCount: 0,
    });
}

async function ordersByStatus(tx: Tx): Promise<Dashboard["ordersByStatus"]> {
  const result = await tx.execute<{ status: OrderStatus; count: number }>(
    sql`select status, count(*)::int as count from orders group by status`,
  );
  const counts = new Map(result.rows.map((row) => [row.status, row.count]));
  return ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** Unpaid orders whose Pix can still be paid (an overdue one is the expiry job's, not a sale to wait for). */
async function pendingPix(tx: Tx, now: Date): Promise<Dashboard["pendingPix"]> {
  const result = await tx.execute<{
    id: string;
    number: number;
    customer_name: string;
    total_cents: number;
    expires_ms: number;
    seconds_left: number;
    total: number;
  }>(sql`
    select id, number, customer_name, total_cents, ${epochMs("pix_expires_at")} as expires_ms,
      floor(extract(epoch from pix_expires_at - ${now.toISOString()}::timestamptz))::int as seconds_left,
      count(*) over ()::int as total
    from orders
    where status = 'pending_payment' and pix_expires_at > ${now.toISOString()}::timestamptz
    order by pix_expires_at, number
    limit ${DASHBOARD_LIST_LIMIT}
  `);
  const orders: PendingPix[] = result.rows.map((row) => ({
    id: row.id,
    number: row.number,
    customerName: row.customer_name,
    totalCents: row.total_cents,
    expiresAt: toIso(row.expires_ms),
    secondsLeft: row.seconds_left,
  }));
  return { count: result.rows[0]?.total ?? 0, orders };
}

/**
 * Withdrawals waiting for the shop: the customer asked to return a shipped or delivered order
 * (its `order_returns` row waits for the shop) and no refund is recorded yet. A withdrawal before shipping
 * is settled at once (cancelled and refunded), so it never waits.
 */
export async function waitingWithdrawals(
  executor: Pick<Tx, "execute">,
  limit: number = DASHBOARD_LIST_LIMIT,
): Promise<Dashboard["withdrawals"]> {
  const result = await executor.execute<{
    id: string;
    number: number;
    customer_name: string;
    total_cents: number;
    status: OrderStatus;
    requested_ms: number;
    total: number;
  }>(sql`
    select o.id, o.number, o.customer_name, o.total_cents, o.status, ${epochMs("w.requested_at")} as requested_ms,
      count(*) over ()::int as total
    from orders o
    join lateral (
      select w.created_at as requested_at from order_returns w
      where w.order_id = o.id and w.kind = 'after_shipping' and w.status in ('requested', 'approved')
    ) w on true
    where o.status in ('shipped', 'delivered')
      and not exists (select 1 from order_refunds r where r.order_id = o.id)
    order by w.requested_at, o.number
    limit ${limit}
  `);
  const orders: WaitingWithdrawal[] = result.rows.map((row) => ({
    id: row.id,
    number: row.number,
    customerName: row.customer_name,
    totalCents: row.total_cents,
    status: row.status,
    requestedAt: toIso(row.requested_ms),
  }));
  return { count: result.rows[0]?.total ?? 0, orders };
}

async function stockAlerts(tx: Tx): Promise<StockAlert[]> {
  const result = await tx.execute<{
    id: string;
    name: string;
    slug: string;
    unit_type: "gram" | "unit";
    stock: number;
    button_disabled: boolean;
  }>(sql`
    select id, name, slug, unit_type, stock, button_disabled
    from products
    where stock is not null and not made_to_order
      and stock <= case unit_type when 'gram' then ${LOW_STOCK_THRESHOLD.gram}::int else ${LOW_STOCK_THRESHOLD.unit}::int end
    order by stock, sort_order
  `);
  return result.rows.map((row) => ({
    productId: row.id,
    name: row.name,
    slug: row.slug,
    unitType: row.unit_type,
    stock: row.stock,
    threshold: LOW_STOCK_THRESHOLD[row.unit_type],
    purchasable: !row.button_disabled,
  }));
}

/**
 * Everything the dashboard shows, as of `now` (a parameter, so tests can stand at a day's edge);
 * `abandonedCartHours`: the shop's ABANDONED_CART_HOURS.
 */
export async function getDashboard(db: Database, now: Date = new Date(), abandonedCartHours = 24): Promise<Dashboard> {
  const figures = await db.transaction(
    async (tx) => {
      const series = await dailyRevenue(tx, now);
      return {
        dailyRevenue: series,
        revenue: {
          today: period(series, REVENUE_PERIOD_DAYS.today),
          last7Days: period(series, REVENUE_PERIOD_DAYS.last7Days),
          last30Days: period(series, REVENUE_PERIOD_DAYS.last30Days),
        },
        ordersByStatus: await ordersByStatus(tx),
        pendingPix: await pendingPix(tx, now),
        withdrawals: await waitingWithdrawals(tx),
        stockAlerts: await stockAlerts(tx),
        abandonedCarts: await abandonedCarts(tx, { now, hours: abandonedCartHours, limit: DASHBOARD_LIST_LIMIT }),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const audit = await listAuditLog(db, { page: 1 });
  return {
    generatedAt: now.toISOString(),
    timeZone: SHOP_TIME_ZONE,
    today: shopDate(now),
    ...figures,
    recentAudit: audit.entries.slice(0, DASHBOARD_AUDIT_ENTRIES),
  };
}
