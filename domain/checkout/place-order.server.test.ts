import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { repriceCartLine } from "#domain/cart/cart-rules.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import { loadCheckoutCart } from "#domain/checkout/checkout-cart.server.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { CHECKOUT_ADDRESS as ADDRESS } from "#test/builders.ts";

/*
 * Issue 15: one line pricer. Whatever the cart showed the customer just before (GET /api/cart, and
 * the checkout's review of the same cart) is what the order charges, line by line and in total:
 * for every unit type, with and without packaging, and for lines written before the single
 * packaging rule (a fee of their own in the metadata).
 */

const PE7 = productUuid(2); // dried, by the gram, 600 g in stock
const PEA = productUuid(3); // dried, by the gram, 300 g in stock
const KIT_GT = productUuid(4); // liquid-culture kit, by the unit, stock 25
const KIT_PE7 = productUuid(5); // liquid-culture kit, by the unit, stock 20
const SPAWN = productUuid(7); // spawn 1 kg, by the unit, made to order
const CONSULTORIA = productUuid(101); // service: no shipping
const CURSO = productUuid(201); // educational: no shipping

let ctx: AuthTestContext;
let customers = 0;
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);
afterAll(async () => ctx?.close());

/** A verified, signed-in customer, each from its own address (sign-up limits are per address). */
async function customer(): Promise<{ browser: Browser; userId: string }> {
  const email = uniqueEmail("carrinho-pedido");
  const browser = new Browser(`198.51.100.${++customers + 10}`);
  expect((await ctx.signUp(email, { browser })).status).toBe(200);
  expect((await ctx.verify(email, browser)).status).toBe(302);
  return { browser, userId: await ctx.userId(email) };
}

async function add(browser: Browser, productId: string, quantity: number, packaging: boolean): Promise<string> {
  const response = await ctx.request("/api/cart/items", { browser, json: { productId, quantity, packaging: { enabled: packaging } } });
  expect(response.status, `adicionar ${productId}`).toBe(201);
  return ((await response.json()) as { itemId: string }).itemId;
}

async function shownCart(browser: Browser): Promise<CartView> {
  const response = await ctx.request("/api/cart", { browser });
  expect(response.status).toBe(200);
  return (await response.json()) as CartView;
}

/**
 * Places the order of the customer's cart and checks it against the cart as shown just before:
 * the cart page, the browser's own pricing of each line, the checkout's review, then the order.
 */
async function expectOrderEqualsCart(browser: Browser, userId: string): Promise<{ view: CartView; order: OrderDetail }> {
  if ((await shownCart(browser)).needsShipping) {
    const chosen = await ctx.request("/api/cart/shipping", { method: "PUT", browser, json: { cep: "01310100", method: "pac" } });
    expect(chosen.status).toBe(200);
  }
  const view = await shownCart(browser);
  expect(view.items.length).toBeGreaterThan(0);

  // The browser's optimistic update prices a line like the server's answer does.
  for (const line of view.items) expect(repriceCartLine(line, line.quantity, line.packaging.enabled), line.productName).toEqual(line);

  // The checkout's review step shows the same lines.
  const review = await loadCheckoutCart(ctx.t.db, userId);
  expect(review?.cartId).toBe(view.cartId);
  for (const line of view.items) {
    const reviewed = review!.lines.find((candidate) => candidate.productId === line.productId)!;
    expect(reviewed, line.productName).toMatchObject({
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalPriceCents: line.totalPriceCents,
      packagingEnabled: line.packaging.enabled,
      packagingFeeCents: line.packagingFeeCents,
      finalTotalCents: line.lineTotalCents,
      problem: null,
    });
  }

  const placed = await ctx.request("/api/checkout/orders", {
    browser,
    json: {
      idempotencyKey: crypto.randomUUID(),
      ...(view.needsShipping ? { address: ADDRESS, shippingMethod: "pac" } : {}),
      confirmAdult: true,
      acceptTerms: true,
    },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  const read = await ctx.request(`/api/orders/${orderId}`, { browser });
  expect(read.status).toBe(200);
  const order = (await read.json()) as OrderDetail;

  expect(order.items).toHaveLength(view.items.length);
  for (const line of view.items) {
    const charged = order.items.find((item) => item.productId === line.productId)!;
    expect(charged, line.productName).toEqual({
      productId: line.productId,
      productName: line.productName,
      productSlug: expect.any(String),
      unitType: line.unitType,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalPriceCents: line.totalPriceCents,
      packagingFeeCents: line.packagingFeeCents,
      finalTotalCents: line.lineTotalCents,
      needsShipping: line.needsShipping,
    });
  }
  expect(order.subtotalCents + order.packagingCents).toBe(view.totals.subtotal);
  expect(order.shippingCents).toBe(view.totals.shippingTotal);
  expect(order.totalCents).toBe(view.totals.total);
  return { view, order };
}

describe("the order charges exactly the cart shown just before", () => {
  it("for every physical unit type, with and without packaging", async () => {
    const { browser, userId } = await customer();
    await add(browser, PE7, 60, true); // gram, packaging offered and taken
    await add(browser, PEA, 100, false); // gram, packaging offered, not taken
    await add(browser, KIT_GT, 2, true); // unit: packaging asked for, never offered
    await add(browser, KIT_PE7, 1, false);
    await add(browser, SPAWN, 1, true); // unit, made to order
    const { view, order } = await expectOrderEqualsCart(browser, userId);
    const pe7 = view.items.find((line) => line.productId === PE7)!;
    expect(pe7).toMatchObject({
      totalPriceCents: 580_00,
      packaging: { enabled: true, fee_amount: 1_00, sachet_count: 30 },
      packagingFeeCents: 30_00,
    });
    expect(view.items.find((line) => line.productId === KIT_GT)).toMatchObject({
      packaging: { enabled: false },
      packagingFeeCents: 0,
      lineTotalCents: 179_80,
    });
    expect(order.packagingCents).toBe(30_00);
  });

  it("for gram lines below 50 g, where packaging is asked for but not offered", async () => {
    const { browser, userId } = await customer();
    await add(browser, PE7, 10, true);
    await add(browser, PEA, 4, false);
    const { view, order } = await expectOrderEqualsCart(browser, userId);
    expect(view.items.every((line) => !line.packaging.enabled && line.packagingFeeCents === 0)).toBe(true);
    expect(order.packagingCents).toBe(0);
  });

  it("for services and educational items (no shipping), packaging asked for or not", async () => {
    const { browser, userId } = await customer();
    await add(browser, CONSULTORIA, 1, true);
    // One of each: a course, like a service, is one per order (decision 063).
    await add(browser, CURSO, 1, false);
    const { view, order } = await expectOrderEqualsCart(browser, userId);
    expect(view.needsShipping).toBe(false);
    expect(order.shippingCents).toBe(0);
  });

  it("for a line whose packaging was switched on after it was added", async () => {
    const { browser, userId } = await customer();
    const itemId = await add(browser, PEA, 50, false);
    const changed = await ctx.request(`/api/cart/items/${itemId}`, { method: "PATCH", browser, json: { packaging: { enabled: true } } });
    expect(changed.status).toBe(200);
    const { order } = await expectOrderEqualsCart(browser, userId);
    expect(order.items[0]).toMatchObject({ quantity: 50, packagingFeeCents: 25_00, finalTotalCents: 525_00 });
  });

  it("for lines stored with a fee of their own (legacy metadata): the shop's fee, in the cart and on the order", async () => {
    const { browser, userId } = await customer();
    await add(browser, KIT_GT, 1, false);
    const [cart] = await ctx.t.db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.userId, userId), eq(carts.status, "active")));
    const nameOf = async (id: string) =>
      (await ctx.t.db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0]!.name;
    await ctx.t.db.insert(cartItems).values([
      {
        cartId: cart!.id,
        productId: PE7,
        productName: await nameOf(PE7),
        quantity: 60,
        unitPriceCents: 0,
        totalPriceCents: 1,
        metadata: { packaging_fee: true, packaging_fee_amount: 1.5 } as never,
      },
      {
        cartId: cart!.id,
        productId: PEA,
        productName: await nameOf(PEA),
        quantity: 52,
        unitPriceCents: 0,
        totalPriceCents: 1,
        metadata: { packaging: { enabled: true, fee_amount: 0, sachet_count: 0 } },
      },
    ]);
    const { view } = await expectOrderEqualsCart(browser, userId);
    expect(view.items.find((line) => line.productId === PE7)).toMatchObject({
      packaging: { enabled: true, fee_amount: 1_00 },
      packagingFeeCents: 30_00,
    });
    expect(view.items.find((line) => line.productId === PEA)).toMatchObject({
      packaging: { enabled: true, fee_amount: 1_00 },
      packagingFeeCents: 26_00,
    });
  });
});
