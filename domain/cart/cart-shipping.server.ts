/** The cart's shipping: its parcel's weight (for the shipping module's quote) and the customer's choice. */
import { cepNotServed } from "#domain/shipping/shipping-errors.ts";
import { eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { DomainError } from "#domain/errors.ts";
import { PARCEL_BASE_GRAMS, parcelWeightGrams, quoteShipping } from "#domain/shipping/shipping-quote.server.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import { announce, cartNotFound, type CartOwner, cartWrite, type Executor, ownedActive } from "#domain/cart/cart-store.server.ts";
import { cartForWrite } from "#domain/cart/migrate-cart.server.ts";
import { readCart } from "#domain/cart/read-cart.server.ts";
import { cartProducts } from "#domain/catalog/cart-products.server.ts";

/** The parcel weight of the owner's active cart (the base weight when it has none). */
export async function cartWeightGrams(db: Executor, owner: CartOwner): Promise<number> {
  const where = ownedActive(owner);
  if (!where) return PARCEL_BASE_GRAMS;
  const items = await db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(where);
  // Each line's parcel from catalog's product row (decision 048).
  const byId = await cartProducts(
    db,
    items.map((item) => item.productId),
  );
  const lines = items.flatMap((item) => {
    const product = byId.get(item.productId);
    return product
      ? [{ category: product.category, unitType: product.unitType, quantity: item.quantity, needsShipping: product.needsShipping }]
      : [];
  });
  return Math.max(PARCEL_BASE_GRAMS, parcelWeightGrams(lines));
}

/** Chooses the shipping of the caller's cart; the price comes from the table, never from the client. */
export async function chooseShipping(
  db: Database,
  owner: CartOwner,
  input: { cep: string; method: string },
  origin: string,
): Promise<CartView> {
  await cartWrite(db, owner.tab, async (tx, outbox) => {
    const cart = await cartForWrite(tx, outbox, owner);
    if (!cart) throw cartNotFound();
    const quoteResult = await quoteShipping(tx, input.cep, await cartWeightGrams(tx, { userId: cart.userId, sessionId: cart.sessionId }));
    if (quoteResult.options.length === 0) throw cepNotServed();
    const option = quoteResult.options.find((o) => o.method === input.method);
    if (!option) throw new DomainError("invalid", "invalid_shipping_method", "Forma de envio indisponível para este CEP.");
    await tx
      .update(carts)
      .set({ shippingMethod: option.method, shippingPriceCents: option.priceCents, shippingCep: input.cep })
      .where(eq(carts.id, cart.id));
    await announce(tx, outbox, cart, "shipping");
  });
  return readCart(db, owner, origin);
}
