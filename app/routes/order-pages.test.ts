import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as customerPanelLoader } from "#app/routes/cliente.tsx";
import { loader as successLoader } from "#app/routes/success.tsx";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { cartItems, carts, orders, products } from "#platform/db/schema.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { pageArgs } from "#test/page-args.ts";
import { CHECKOUT_ADDRESS as ADDRESS } from "#test/builders.ts";

/*
 * The order pages' loaders (/success, /cliente) on a real PostgreSQL (moved from
 * server/api/orders.test.ts: a test of the pages sits beside them, and server/ imports app/ only
 * through the request context).
 */

const KIT = productUuid(4); // liquid-culture kit, by the unit, stock 25

let ctx: AuthTestContext;
let addressCounter = 0;

beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** A verified, signed-in customer, from an address of its own (sign-up rate limits stay out of the way). */
async function signedUpCustomer(): Promise<{ browser: Browser; userId: string }> {
  const email = uniqueEmail("cliente-paginas");
  const browser = await ctx.customer(email, new Browser(`198.51.100.${++addressCounter}`));
  return { browser, userId: await ctx.userId(email) };
}

/** The customer's active cart with one kit (the cart API is tested in server/api/cart.test.ts). */
async function giveKit(userId: string): Promise<void> {
  const [cart] = await ctx.t.db.insert(carts).values({ userId, status: "active" }).returning({ id: carts.id });
  const [product] = await ctx.t.db.select().from(products).where(eq(products.id, KIT));
  await ctx.t.db.insert(cartItems).values({
    cartId: cart!.id,
    productId: KIT,
    productName: product!.name,
    quantity: 1,
    unitPriceCents: product!.priceCents ?? 0,
    totalPriceCents: product!.priceCents ?? 0,
    unitType: product!.unitType,
    metadata: { packaging: { enabled: false, fee_amount: 0, sachet_count: 0 } },
  });
}

async function placeOrder(browser: Browser): Promise<string> {
  const body = { idempotencyKey: crypto.randomUUID(), address: ADDRESS, shippingMethod: "sedex", confirmAdult: true, acceptTerms: true };
  const response = await ctx.request("/api/checkout/orders", { browser, json: body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

async function stockOf(id: string): Promise<number | null> {
  const [row] = await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

describe("Pix expiry on the order pages", () => {
  it("an order page reads an overdue order as cancelled at once, touching only that customer's orders", async () => {
    const customer = await signedUpCustomer();
    const neighbour = await signedUpCustomer();
    await giveKit(customer.userId);
    await giveKit(neighbour.userId);
    const mine = await placeOrder(customer.browser);
    const theirs = await placeOrder(neighbour.browser);
    const before = await stockOf(KIT);
    // Both countdowns reached zero; the job (every 30 s) has not run yet.
    await ctx.t.db
      .update(orders)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(inArray(orders.id, [mine, theirs]));

    const page = await successLoader(pageArgs(ctx.t.services, `/success?order=${mine}`, customer.browser.header()));
    expect(page.order?.status).toBe("cancelled");
    expect(page.order?.pix).toBeNull();
    expect(page.order?.pixQrSvg).toBeNull();
    expect(await stockOf(KIT)).toBe(before! + 1);
    const [untouched] = await ctx.t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, theirs));
    expect(untouched!.status).toBe("pending_payment");

    const panel = (await customerPanelLoader(pageArgs(ctx.t.services, `/cliente?aba=pedidos&order=${theirs}`, neighbour.browser.header())))
      .orders;
    expect(panel.order?.status).toBe("cancelled");
    expect(panel.orders.find((order) => order.id === theirs)?.status).toBe("cancelled");
    expect(await stockOf(KIT)).toBe(before! + 2);
  });
});
