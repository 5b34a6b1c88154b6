import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartView } from "#domain/cart/cart-types.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";
import { createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 28 item 6 on a real PostgreSQL: the spawn's 15 production days reach the cart, the checkout's
 * order and the order the customer and the owner read (its page, e-mails and packing slip write it
 * with the same function), not only the product page.
 */

// Golden Teacher grain spawn: made to order in 15 business days (spec §3).
const SPAWN = 7;
const IN_STOCK_SAMPLE = 2;

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 90_000);
afterAll(async () => ctx?.close());

describe("production days in every estimate", () => {
  it("the cart and the placed order carry the spawn's 15 days, added to the carrier's", async () => {
    const email = uniqueEmail("prazo-spawn");
    const browser = await ctx.customer(email);
    await giveCart(ctx.t.db, await ctx.userId(email), SPAWN);
    const cart = (await (await ctx.request("/api/cart", { browser })).json()) as CartView;
    expect(cart.productionDays).toBe(15);

    const orderId = await checkOut(ctx, browser);
    const order = (await (await ctx.request(`/api/orders/${orderId}`, { browser })).json()) as OrderDetail;
    expect(order.productionDays).toBe(15);
    expect(order.shippingDays).toBeGreaterThan(0);
    expect(methodEstimateText(order.productionDays, order.shippingDays!)).toBe(
      `até ${15 + order.shippingDays!} dias úteis (15 de produção + ${order.shippingDays} de envio)`,
    );
  });

  it("an order with nothing made to order has no production days", async () => {
    const email = uniqueEmail("prazo-amostra");
    const browser = await ctx.customer(email);
    await giveCart(ctx.t.db, await ctx.userId(email), IN_STOCK_SAMPLE, 2);
    expect(((await (await ctx.request("/api/cart", { browser })).json()) as CartView).productionDays).toBe(0);
    const orderId = await checkOut(ctx, browser);
    const order = (await (await ctx.request(`/api/orders/${orderId}`, { browser })).json()) as OrderDetail;
    expect(order.productionDays).toBe(0);
  });
});
