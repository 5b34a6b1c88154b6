import { expect } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import type { AuthTestContext, Browser } from "#test/auth-helpers.ts";
import { giveCart } from "#test/orders.ts";

/**
 * An order of one product that needs no shipping (a course, the e-book, a service), placed through
 * the API by `customer`, then moved by `admin` through `steps` ("paid", then "delivered"). Its id.
 */
export async function orderWithoutShipping(
  ctx: AuthTestContext,
  customer: Browser,
  numericId: number,
  steps: ReadonlyArray<"paid" | "delivered"> = [],
  admin?: Browser,
): Promise<string> {
  const me = await ctx.request("/api/auth/get-session", { browser: customer });
  const userId = ((await me.json()) as { user: { id: string } }).user.id;
  await giveCart(ctx, userId, numericId);
  const placed = await ctx.request("/api/checkout/orders", {
    browser: customer,
    json: { idempotencyKey: crypto.randomUUID(), confirmAdult: true, acceptTerms: true },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  for (const step of steps) {
    const [path, json] = step === "paid" ? ["confirm-payment", {}] : ["status", { status: "delivered" }];
    const done = await ctx.request(`/api/admin/orders/${orderId}/${path}`, { browser: admin, json });
    expect(done.status, await done.clone().text()).toBe(200);
  }
  return orderId;
}

export const productIdOf = productUuid;
