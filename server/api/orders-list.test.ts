import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import type { OrderSummary } from "#domain/orders/order-types.ts";

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
});
afterAll(() => ctx.close());

const listOf = async (browser: Awaited<ReturnType<AuthTestContext["customer"]>>) =>
  ((await (await ctx.request("/api/orders", { browser })).json()) as { orders: OrderSummary[] }).orders;

describe("the customer's order list (issue 20: names and pictures)", () => {
  it("names each order's products with their pictures, and shows no one else's", async () => {
    const email = uniqueEmail();
    const browser = await ctx.customer(email);
    const userId = await ctx.userId(email);
    await giveCart(ctx.t.db, userId, 4); // the Golden Teacher liquid-culture kit
    await checkOut(ctx, browser);

    const [order] = await listOf(browser);
    expect(order!.itemCount).toBe(1);
    expect(order!.lines).toEqual([
      { productName: "Cultura Líquida Golden Teacher", image: "/images/products/cultura-liquida-golden-teacher-800.webp" },
    ]);

    const intruder = await ctx.customer(uniqueEmail("outro"));
    expect(await listOf(intruder)).toEqual([]);
  });
});
