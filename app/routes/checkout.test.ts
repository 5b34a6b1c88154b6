import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/checkout.tsx";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { pageArgs } from "#test/page-args.ts";
import { AGE_GATE_REFUSAL, CURRENT_CONSENT_VERSION } from "#domain/consent/consent-rules.ts";

/* The checkout's loader on a real PostgreSQL: the domain's refusal of an empty cart is a 409 page. */

let ctx: AuthTestContext;

beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const load = (path: string, cookie = "") => loader({ ...pageArgs(ctx.t.services, path, cookie), params: {}, pattern: "/checkout" });

describe("the checkout's loader", () => {
  it("answers a browser that refused the age gate with the 403 page and its reason, cart or not (decision 064)", async () => {
    const browser = new Browser("198.51.100.90");
    expect((await ctx.request("/api/cart/items", { browser, json: { productId: productUuid(4), quantity: 1 } })).status).toBe(201);
    const refusal = { browserId: crypto.randomUUID(), version: CURRENT_CONSENT_VERSION, choices: AGE_GATE_REFUSAL };
    expect((await ctx.request("/api/consent", { browser, json: refusal })).status).toBe(201);
    const thrown = await load("/checkout", browser.header()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({
      init: { status: 403 },
      data: { refusal: { code: "age_refused", message: expect.stringMatching(/^Compras bloqueadas/) } },
    });
  });

  it("answers a visitor without a cart with the same refusal, not the identification step (issue 20)", async () => {
    const thrown = await load("/checkout").then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 409 }, data: { refusal: { code: "cart_empty", message: "Seu carrinho está vazio." } } });
  });

  it("gives a visitor with a cart the identification step", async () => {
    const browser = new Browser();
    const added = await ctx.request("/api/cart/items", { browser, json: { productId: productUuid(201), quantity: 1 } });
    expect(added.status).toBe(201);
    expect(await load("/checkout", browser.header())).toMatchObject({ signedIn: false, needsShipping: false });
  });

  it("answers a customer with an empty cart with the domain's refusal: 409, cart_empty, in Portuguese", async () => {
    const browser = await ctx.customer(uniqueEmail("checkout-vazio"));
    const thrown = await load("/checkout", browser.header()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 409 },
      data: { refusal: { kind: "conflict", code: "cart_empty", message: "Seu carrinho está vazio." } },
    });
  });

  it("gives a customer with a cart the cart, priced by the server", async () => {
    const email = uniqueEmail("checkout-cheio");
    const browser = await ctx.customer(email);
    const [cart] = await ctx.t.db
      .insert(carts)
      .values({ userId: await ctx.userId(email), status: "active" })
      .returning({ id: carts.id });
    const kit = productUuid(4);
    const [product] = await ctx.t.db.select().from(products).where(eq(products.id, kit));
    await ctx.t.db.insert(cartItems).values({
      cartId: cart!.id,
      productId: kit,
      productName: product!.name,
      quantity: 1,
      unitPriceCents: 1,
      totalPriceCents: 1,
      unitType: product!.unitType,
      metadata: { packaging: { enabled: false, fee_amount: 0, sachet_count: 0 } },
    });
    const page = await load("/checkout", browser.header());
    expect(page).toMatchObject({ signedIn: true, user: { email } });
    expect(page.signedIn && page.cart?.lines.map((line) => [line.productId, line.totalPriceCents])).toEqual([[kit, product!.priceCents]]);
  });
});
