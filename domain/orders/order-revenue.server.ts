/**
 * What counts as money the shop took (the dashboard's revenue, a customer's total spent): orders
 * that were paid and were neither cancelled nor fully refunded, less the money that went back on
 * them (a partial refund, once sent: an owed one is still the shop's). One rule, so the dashboard
 * and the customers list add up alike (decision 044).
 */
import { sql, type SQL } from "drizzle-orm";

/** Statuses whose money went back (or never stayed): not revenue, even when paid_at is set. */
export const NOT_REVENUE_STATUSES = ["cancelled", "refunded"] as const;

/** A WHERE condition on `orders` aliased `o`: the order counts as revenue. */
export const countsAsRevenue: SQL = sql.raw(
  `o.paid_at is not null and o.status not in (${NOT_REVENUE_STATUSES.map((status) => `'${status}'`).join(", ")})`,
);

/** What the order `o` brought in: its total less the refund sent on it (`order_refunds` as `r`, left joined). */
export const keptCents: SQL = sql.raw(`(o.total_cents - coalesce(r.amount_cents, 0))`);

/** The join that `keptCents` reads: only a refund whose money was sent. */
export const refundJoin: SQL = sql.raw(`left join order_refunds r on r.order_id = o.id and r.status = 'paid'`);
