/** The cart's shipping: quotes for a CEP and the cart's parcel, and the customer's choice. */
import { cepNotServed } from "#domain/shipping/shipping-errors.ts";
import { eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { cartItems, carts, products } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { PARCEL_BASE_GRAMS, parcelWeightGrams, shippingOptions } from "#domain/shipping/shipping-quote.server.ts";
import type { CartView, ShippingQuote } from "#domain/cart/cart-types.ts";
import { announce, cartNotFound, type CartOwner, cartWrite, type Executor, ownedActive } from "#domain/cart/cart-store.server.ts";
import { cartForWrite } from "#domain/cart/migrate-cart.server.ts";
import { readCart } from "#domain/cart/read-cart.server.ts";

/**
 * The shipping options for a CEP (8 digits) and a parcel weight, from the shipping feature (regional
 * table plus weight band, decision 005: the same quote the checkout uses), or null when no region
 * covers the CEP.
 */
export async function quoteShipping(db: Executor, cep: string, weightGrams = PARCEL_BASE_GRAMS): Promise<ShippingQuote | null> {
  const options = await shippingOptions(db, cep, weightGrams);
  if (options.length === 0) return null;
  return {
    cep,
    region: options[0]!.region,
    options: options.map((option) => ({
      method: option.method,
      label: option.label,
      priceCents: option.priceCents,
      deliveryDays: option.deliveryDays,
    })),
  };
}

/** The parcel weight of the owner's active cart (the base weight when it has none). */
export async function cartWeightGrams(db: Executor, owner: CartOwner): Promise<number> {
  const where = ownedActive(owner);
  if (!where) return PARCEL_BASE_GRAMS;
  const lines = await db
    .select({
      category: products.category,
      unitType: products.unitType,
      quantity: cartItems.quantity,
      needsShipping: products.needsShipping,
    })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(where);
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
    if (!quoteResult) throw cepNotServed();
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
