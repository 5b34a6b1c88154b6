/**
 * Carts left behind (issue 19 item 5; decision 031). A cart is abandoned when it is active, has
 * items, and nothing changed in it for ABANDONED_CART_HOURS. Its owner, when signed in and when
 * they allowed reminder e-mails, gets ONE reminder per abandonment: the claim is a conditional
 * update of `abandonment_reminded_at`, so two instances never send it twice, and only a later
 * change to the cart makes it due again. Carts idle for longer than REMINDER_WINDOW_DAYS are never
 * reminded (turning the feature on must not mail every old cart).
 */
import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import type { AppServices } from "#platform/services.ts";
import { abandonedCartMessage } from "#domain/notifications/mail-templates.ts";
import { shopNameForMail } from "#domain/notifications/shop-name.server.ts";
import { MARKETING_EMAIL_PURPOSE } from "#domain/consent/consent-rules.ts";
import { unsubscribeUrl } from "#domain/recovery/marketing-email.server.ts";

type Services = Pick<AppServices, "config" | "db">;
type Executor = Pick<Database, "execute">;

export const REMINDER_WINDOW_DAYS = 7;
/** The dashboard counts carts abandoned in this many days (older ones are the clean-up's, not a sale to win back). */
export const DASHBOARD_WINDOW_DAYS = 30;

/** Each active cart with items, with the time of its last change (a line added or changed, or the cart itself). */
const cartActivity = sql`
  select c.id, c.user_id, c.abandonment_reminded_at,
    greatest(c.updated_at, max(i.updated_at), max(i.created_at)) as last_change,
    count(i.id)::int as item_count, sum(i.total_price_cents)::bigint as subtotal
  from carts c join cart_items i on i.cart_id = c.id
  where c.status = 'active'
  group by c.id`;

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3600_000).toISOString();

/** Queues the reminders that are due; returns how many went out. */
export async function sendAbandonedCartReminders(services: Services, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const { config } = services;
  return services.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: string; user_id: string; email: string; name: string; subtotal: string }>(sql`
      with due as (
        select a.* from (${cartActivity}) a
        where a.user_id is not null
          and a.last_change <= ${hoursAgo(now, config.ABANDONED_CART_HOURS)}::timestamptz
          and a.last_change > ${hoursAgo(now, REMINDER_WINDOW_DAYS * 24)}::timestamptz
          and (a.abandonment_reminded_at is null or a.abandonment_reminded_at < a.last_change)
          and (select e.granted from consent_events e
               where e.user_id = a.user_id and e.purpose = ${MARKETING_EMAIL_PURPOSE}
               order by e.created_at desc, e.id desc limit 1) is true
        limit 100
      ),
      claim as (
        -- Re-checked under the row's lock: a concurrent run that claimed it first leaves nothing here.
        update carts c set abandonment_reminded_at = ${now.toISOString()}::timestamptz
        from due
        where c.id = due.id and c.status = 'active'
          and (c.abandonment_reminded_at is null or c.abandonment_reminded_at < due.last_change)
        returning c.id, c.user_id, due.subtotal
      )
      select claim.id, claim.user_id, u.email, u.name, claim.subtotal::text as subtotal
      from claim join users u on u.id = claim.user_id`);
    if (claimed.rows.length === 0) return 0;
    const lines = await tx.execute<{ cart_id: string; product_name: string; quantity: number; unit_type: string }>(sql`
      select cart_id, product_name, quantity, unit_type from cart_items
      where cart_id in (${sql.join(
        claimed.rows.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )})
      order by product_name`);
    const shop = await shopNameForMail(services);
    await enqueueEmails(
      tx,
      config,
      claimed.rows.map((row) =>
        abandonedCartMessage({
          shop,
          to: row.email,
          name: row.name,
          items: lines.rows
            .filter((line) => line.cart_id === row.id)
            .map((line) => ({ name: line.product_name, quantity: line.quantity, unitType: line.unit_type })),
          subtotalCents: Number(row.subtotal),
          cartUrl: new URL("/cart", config.PUBLIC_URL).toString(),
          unsubscribeUrl: unsubscribeUrl(config, row.user_id),
        }),
      ),
    );
    return claimed.rows.length;
  });
}

export type AbandonedCart = {
  cartId: string;
  /** Null for a visitor's cart (no account: nobody to remind). */
  customerName: string | null;
  customerEmail: string | null;
  itemCount: number;
  subtotalCents: number;
  lastChangeAt: string;
  remindedAt: string | null;
};

/** For the dashboard: the carts abandoned in the last DASHBOARD_WINDOW_DAYS (visitors' too), the most recent first, and their total. */
export async function abandonedCarts(
  executor: Executor,
  options: { now: Date; hours: number; limit: number },
): Promise<{ count: number; subtotalCents: number; carts: AbandonedCart[] }> {
  const result = await executor.execute<{
    id: string;
    name: string | null;
    email: string | null;
    item_count: number;
    subtotal: string;
    last_change_ms: number;
    reminded_ms: number | null;
    total: number;
    total_subtotal: string;
  }>(sql`
    select a.id, u.name, u.email, a.item_count, a.subtotal::text as subtotal,
      (extract(epoch from a.last_change) * 1000)::float8 as last_change_ms,
      (extract(epoch from a.abandonment_reminded_at) * 1000)::float8 as reminded_ms,
      count(*) over ()::int as total, (sum(a.subtotal) over ())::text as total_subtotal
    from (${cartActivity}) a left join users u on u.id = a.user_id
    where a.last_change <= ${hoursAgo(options.now, options.hours)}::timestamptz
      and a.last_change > ${hoursAgo(options.now, DASHBOARD_WINDOW_DAYS * 24)}::timestamptz
    order by a.last_change desc
    limit ${options.limit}`);
  return {
    count: result.rows[0]?.total ?? 0,
    subtotalCents: Number(result.rows[0]?.total_subtotal ?? 0),
    carts: result.rows.map((row) => ({
      cartId: row.id,
      customerName: row.name,
      customerEmail: row.email,
      itemCount: row.item_count,
      subtotalCents: Number(row.subtotal),
      lastChangeAt: new Date(row.last_change_ms).toISOString(),
      remindedAt: row.reminded_ms === null ? null : new Date(row.reminded_ms).toISOString(),
    })),
  };
}
