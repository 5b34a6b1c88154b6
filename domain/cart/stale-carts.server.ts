/**
 * Carts that go: visitors' carts left behind, for the maintenance panel's clean-up (decision 025),
 * where one condition both counts them (the preview) and deletes them, so the two cannot disagree
 * but for carts that changed in between; and a deleted account's carts (LGPD).
 */
import { and, count, eq, isNull, lt, notExists, sql, type SQL } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * A visitor's cart (no account) still open whose cart and lines were all last touched before the
 * cut-off. The cart's own updated_at does not move on an add, so its lines' times count too.
 */
const staleCart = (days: number): SQL =>
  and(
    isNull(carts.userId),
    eq(carts.status, "active"),
    lt(carts.updatedAt, daysAgo(days)),
    notExists(
      // A correlated sub-select on the line index (cart_id leads it).
      sql`(select 1 from ${cartItems} where ${cartItems.cartId} = ${carts.id} and ${cartItems.updatedAt} >= ${daysAgo(days)})`,
    ),
  )!;

export async function countStaleVisitorCarts(db: Pick<Database, "select">, days: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(carts).where(staleCart(days));
  return row?.n ?? 0;
}

/** Deletes them (their lines and add keys go with them); returns how many. */
export async function deleteStaleVisitorCarts(tx: Pick<Database, "delete">, days: number): Promise<number> {
  return (await tx.delete(carts).where(staleCart(days)).returning({ id: carts.id })).length;
}

/** LGPD deletion (decision 018): the account's carts, their lines and add keys with them. */
export async function forgetAccountCarts(tx: Pick<Database, "delete">, userId: string): Promise<void> {
  await tx.delete(carts).where(eq(carts.userId, userId));
}
