/**
 * The cart's rows as other modules read them (decision 048): the checkout prices the customer's
 * active cart from these and catalog's products, inside its own transaction.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";

type Reader = Pick<Database, "select">;

/** The signed-in customer's active cart and its saved shipping choice; `lock` holds its row until the transaction ends. */
export async function activeUserCart(db: Reader, userId: string, options: { lock?: boolean } = {}) {
  const cartQuery = db
    .select({ id: carts.id, shippingMethod: carts.shippingMethod, shippingCep: carts.shippingCep })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, "active")))
    .limit(1);
  const [cart] = options.lock ? await cartQuery.for("update") : await cartQuery;
  return cart;
}

/** A cart's lines in the order they were added: product, quantity and the customer's choices (packaging). */
export async function cartLines(db: Reader, cartId: string) {
  return db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity, metadata: cartItems.metadata })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** The products in the anonymous browser's active cart (one id a line). */
export async function sessionCartProductIds(db: Reader, sessionId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.sessionId, sessionId), isNull(carts.userId), eq(carts.status, "active")));
  return rows.map((row) => row.productId);
}
