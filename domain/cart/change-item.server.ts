/** Changing a cart line: its quantity or packaging (re-priced on the server), or removing it. */
import { and, eq, sql } from "drizzle-orm";
import { cartItems } from "#platform/db/tables/cart.ts";
import { normalizePackaging } from "#domain/cart/cart-rules.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import {
  announce,
  type CartOwner,
  cartLineRow,
  cartWrite,
  checkPurchasable,
  checkQuantity,
  itemNotFound,
  type Outbox,
  type Tx,
} from "#domain/cart/cart-store.server.ts";
import { cartForWrite } from "#domain/cart/migrate-cart.server.ts";
import { cartProducts } from "#domain/catalog/cart-products.server.ts";
import { readCart } from "#domain/cart/read-cart.server.ts";
import type { QuoteServices } from "#domain/shipping/shipping-quote.server.ts";

export type UpdateItemInput = { quantity?: number; packaging?: { enabled: boolean } };

async function lineInCart(tx: Tx, outbox: Outbox, owner: CartOwner, itemId: string) {
  const cart = await cartForWrite(tx, outbox, owner);
  if (!cart) throw itemNotFound();
  const [item] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
    .limit(1);
  // Priced from catalog's product row, read in this transaction (decision 048).
  const product = item && (await cartProducts(tx, [item.productId])).get(item.productId);
  if (!item || !product) throw itemNotFound();
  return { cart, item, product };
}

/** `services`: the cart's database, and the shipping quote's (the view re-prices the chosen freight). */
export async function updateItem(
  services: QuoteServices,
  owner: CartOwner,
  itemId: string,
  input: UpdateItemInput,
  origin: string,
): Promise<CartView> {
  const { db } = services;
  await cartWrite(db, owner.tab, async (tx, outbox) => {
    const { cart, item, product } = await lineInCart(tx, outbox, owner, itemId);
    const quantity = input.quantity ?? item.quantity;
    checkQuantity(product.unitType, quantity);
    if (quantity > item.quantity) checkPurchasable(product, quantity);
    const before = normalizePackaging(item.metadata as Record<string, unknown>, product.unitType, item.quantity);
    const line = cartLineRow(product, quantity, input.packaging?.enabled ?? before.enabled);
    await tx
      .update(cartItems)
      .set({ ...line, updatedAt: sql`now()` })
      .where(eq(cartItems.id, item.id));
    await announce(tx, outbox, cart, "updated");
  });
  return readCart(services, owner, origin);
}

export async function removeItem(services: QuoteServices, owner: CartOwner, itemId: string, origin: string): Promise<CartView> {
  const { db } = services;
  await cartWrite(db, owner.tab, async (tx, outbox) => {
    const { cart, item } = await lineInCart(tx, outbox, owner, itemId);
    await tx.delete(cartItems).where(eq(cartItems.id, item.id));
    await announce(tx, outbox, cart, "removed");
  });
  return readCart(services, owner, origin);
}
