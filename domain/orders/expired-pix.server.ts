/** Unpaid orders whose Pix has expired, as the maintenance panel counts them before the expiry job's run. */
import { and, count, eq, lte, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orders } from "#platform/db/tables/orders.ts";

/** How many orders still wait for a Pix that has expired (the expiry job normally leaves none). */
export async function countExpiredPixOrders(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, "pending_payment"), lte(orders.pixExpiresAt, sql`now()`)));
  return row?.n ?? 0;
}
