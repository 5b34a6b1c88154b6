/** The owner's "what must I do now?" counts (issue 31 item 5), in one statement so they agree with each other. */
import { inArray, sql } from "drizzle-orm";
import { orderItems, orderReturns, orders } from "#platform/db/tables/orders.ts";
import type { Database } from "#platform/db/client.ts";
import type { OwnerToday } from "#domain/orders/owner-today-schemas.ts";
import { chargebacksAwaitingDocuments } from "#domain/payments/card-payments.server.ts";

type Counts = Omit<OwnerToday, "chargebacks">;

export async function ownerToday(db: Database, now = new Date()): Promise<OwnerToday> {
  const [{ rows }, disputes] = await Promise.all([
    db.execute<Counts>(sql`
    select
      (select count(*)::int from ${orders} where status = 'paid') as "toPack",
      (select count(*)::int from ${orders} o where o.status = 'preparing' and o.tracking_code is null
         and exists (select 1 from ${orderItems} i where i.order_id = o.id and i.needs_shipping)) as "toLabel",
      (select count(*)::int from ${orders} where status = 'pending_payment' and pix_expires_at > ${now.toISOString()}::timestamptz) as "pixWaiting",
      (select count(*)::int from ${orderReturns} where status in ('requested', 'approved')) as "returns"`),
    // Chargebacks are the payments' (decision 048): asked for, then named by the orders' numbers.
    chargebacksAwaitingDocuments(db, now),
  ]);
  const numbers =
    disputes.length === 0
      ? new Map<string, number>()
      : new Map(
          (
            await db
              .select({ id: orders.id, number: orders.number })
              .from(orders)
              .where(
                inArray(
                  orders.id,
                  disputes.map((dispute) => dispute.orderId),
                ),
              )
          ).map((row) => [row.id, row.number]),
        );
  const chargebacks = disputes.flatMap((dispute) => {
    const number = numbers.get(dispute.orderId);
    return number === undefined ? [] : [{ orderId: dispute.orderId, number, deadline: dispute.deadline.toISOString() }];
  });
  return { ...rows[0]!, chargebacks };
}
