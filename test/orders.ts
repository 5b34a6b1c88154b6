import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { products } from "#platform/db/tables/catalog.ts";
import type { Browser, AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/checkout-address.ts";

/**
 * A fresh active cart of the account with `quantity` of the catalogue's product `numericId`, written
 * as rows (the cart API's own tests are elsewhere); its stored prices are wrong on purpose, since
 * checkout re-prices every line. A cancelled unpaid order gives its cart back, so any active cart
 * the account still has goes first.
 */
export async function giveCart(ctx: AuthTestContext, userId: string, numericId: number, quantity = 1): Promise<void> {
  await ctx.t.db.delete(carts).where(and(eq(carts.userId, userId), eq(carts.status, "active")));
  const [cart] = await ctx.t.db.insert(carts).values({ userId, status: "active" }).returning({ id: carts.id });
  const [product] = await ctx.t.db.select().from(products).where(eq(products.numericId, numericId));
  await ctx.t.db.insert(cartItems).values({
    cartId: cart!.id,
    productId: product!.id,
    productName: product!.name,
    quantity,
    unitPriceCents: 1,
    totalPriceCents: 1,
    unitType: product!.unitType,
  });
}

/** Checks the account's cart out (PAC, Pix, awaiting payment) through the API; the new order's id. */
export async function checkOut(
  ctx: AuthTestContext,
  browser: Browser,
  address: typeof CHECKOUT_ADDRESS = CHECKOUT_ADDRESS,
): Promise<string> {
  const response = await ctx.request("/api/checkout/orders", {
    browser,
    json: {
      idempotencyKey: crypto.randomUUID(),
      address,
      saveAddress: false,
      shippingMethod: "pac",
      confirmAdult: true,
      acceptTerms: true,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}
