/** The cart's shipping: its parcel (for the shipping module's quote) and the customer's choice. */
import { cepNotServed } from "#domain/shipping/shipping-errors.ts";
import { eq } from "drizzle-orm";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { DomainError } from "#domain/errors.ts";
import { chosenShippingOption, quoteShipping, type QuoteServices } from "#domain/shipping/shipping-quote.server.ts";
import { PARCEL_BASE_GRAMS, parcelOf, parcelOfWeight, type Parcel } from "#domain/shipping/parcel.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import { announce, cartNotFound, type CartOwner, cartWrite, type Executor, ownedActive } from "#domain/cart/cart-store.server.ts";
import { cartForWrite } from "#domain/cart/migrate-cart.server.ts";
import { readCart } from "#domain/cart/read-cart.server.ts";
import { cartProducts } from "#domain/catalog/cart-products.server.ts";

/** The parcel of the owner's active cart (the empty box when it has none, or nothing in it ships). */
export async function cartParcel(db: Executor, owner: CartOwner): Promise<Parcel> {
  const where = ownedActive(owner);
  if (!where) return parcelOfWeight(PARCEL_BASE_GRAMS);
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
      ? [
          {
            category: product.category,
            unitType: product.unitType,
            quantity: item.quantity,
            needsShipping: product.needsShipping,
            weightGrams: product.weightGrams,
            lengthCm: product.lengthCm,
            widthCm: product.widthCm,
            heightCm: product.heightCm,
          },
        ]
      : [];
  });
  const parcel = parcelOf(lines);
  return { ...parcel, weightGrams: Math.max(PARCEL_BASE_GRAMS, parcel.weightGrams) };
}

/**
 * Chooses the shipping of the caller's cart; the price comes from the shipping module's quote, never
 * from the client. The quote is asked before the cart's write transaction (a live quote may call
 * Melhor Envio, decision 073), and read again inside it from the quote cache.
 */
export async function chooseShipping(
  services: QuoteServices,
  owner: CartOwner,
  input: { cep: string; method: string },
  origin: string,
): Promise<CartView> {
  const { db } = services;
  const quoteResult = await quoteShipping(services, input.cep, await cartParcel(db, owner));
  if (quoteResult.options.length === 0) throw cepNotServed();
  await cartWrite(db, owner.tab, async (tx, outbox) => {
    const cart = await cartForWrite(tx, outbox, owner);
    if (!cart) throw cartNotFound();
    const parcel = await cartParcel(tx, { userId: cart.userId, sessionId: cart.sessionId });
    const option = await chosenShippingOption({ ...services, executor: tx }, input.cep, parcel, input.method);
    if (!option) throw new DomainError("invalid", "invalid_shipping_method", "Forma de envio indisponível para este CEP.");
    await tx
      .update(carts)
      .set({ shippingMethod: option.method, shippingPriceCents: option.priceCents, shippingCep: input.cep })
      .where(eq(carts.id, cart.id));
    await announce(tx, outbox, cart, "shipping");
  });
  return readCart(services, owner, origin);
}
