/** The owner's "what must I do now?" counts (issue 31 item 5), in one statement so they agree with each other. */
import { sql } from "drizzle-orm";
import { orderItems, orderReturns, orders } from "#platform/db/tables/orders.ts";
import type { Database } from "#platform/db/client.ts";
import type { OwnerToday } from "#domain/orders/owner-today-schemas.ts";

export async function ownerToday(db: Pick<Database, "execute">, now = new Date()): Promise<OwnerToday> {
  const { rows } = await db.execute<OwnerToday>(sql`
    select
      (select count(*)::int from ${orders} where status = 'paid') as "toPack",
      (select count(*)::int from ${orders} o where o.status = 'preparing' and o.tracking_code is null
         and exists (select 1 from ${orderItems} i where i.order_id = o.id and i.needs_shipping)) as "toLabel",
      (select count(*)::int from ${orders} where status = 'pending_payment' and pix_expires_at > ${now.toISOString()}::timestamptz) as "pixWaiting",
      (select count(*)::int from ${orderReturns} where status in ('requested', 'approved')) as "returns"`);
  return rows[0]!;
}
