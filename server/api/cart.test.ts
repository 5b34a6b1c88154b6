import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { CART_COOKIE, cartSessionIdOf, issueCartToken } from "#server/http/cart-token.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import type { CartCount, CartView } from "#domain/cart/cart-types.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { realtimeBus, type RealtimeMessage } from "#platform/realtime/bus.ts";
import { addKeyLockId } from "#domain/cart/add-item.server.ts";

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
});
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

const PE7_SAMPLE = productUuid(2); // dried, by the gram, 600 g in stock
const PEA_SAMPLE = productUuid(3); // dried, by the gram
const GT_SAMPLE = productUuid(1); // dried, disabled for purchase (spec §3)
const GT_KIT = productUuid(4); // liquid culture kit, by the unit, R$ 89,90
const CONSULTORIA = productUuid(101); // service, by the unit, no shipping

/**
 * `browser`: the cookies it holds (the cart's token, a session); `session`: a cart-session-id header
 * of the caller's choosing (the server honours only the id of the browser's own token); `tab`: the
 * x-cart-tab header, the browser tab's id.
 */
type Caller = { session?: string; browser?: Browser; tab?: string };

function headers(caller: Caller): Record<string, string> {
  return { ...(caller.session && { "cart-session-id": caller.session }), ...(caller.tab !== undefined && { "x-cart-tab": caller.tab }) };
}

const add = (caller: Caller, body: unknown) =>
  ctx.request("/api/cart/items", { json: body, headers: headers(caller), browser: caller.browser });
const update = (caller: Caller, id: string, body: unknown) =>
  ctx.request(`/api/cart/items/${id}`, { method: "PATCH", json: body, headers: headers(caller), browser: caller.browser });
const remove = (caller: Caller, id: string) =>
  ctx.request(`/api/cart/items/${id}`, { method: "DELETE", headers: headers(caller), browser: caller.browser });

async function cart(caller: Caller): Promise<CartView> {
  const response = await ctx.request("/api/cart", { headers: headers(caller), browser: caller.browser });
  expect(response.status).toBe(200);
  return (await response.json()) as CartView;
}

async function count(caller: Caller): Promise<CartCount> {
  const response = await ctx.request("/api/cart/count", { headers: headers(caller), browser: caller.browser });
  expect(response.status).toBe(200);
  return (await response.json()) as CartCount;
}

async function expectError(response: Response, status: number, code?: string, message?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ErrorJson;
  if (code) expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
  expect(typeof body.error.message).toBe("string");
  return body;
}

/** A visitor's browser holding a cart token the server issued (as its first add does), with no cart yet. */
function anonymous(): Caller {
  const browser = new Browser();
  browser.cookies.set(CART_COOKIE, issueCartToken(ctx.t.services.config));
  return { browser };
}

/** The cart session id of the browser's token (carts.session_id, its realtime topic). */
const sessionOf = (caller: Caller): string => cartSessionIdOf(caller.browser!.cookies.get(CART_COOKIE)!);

describe("anonymous cart", () => {
  it("creates the cart on the first add and prices on the server, ignoring every amount the client sends", async () => {
    const me = anonymous();
    expect(await cart(me)).toMatchObject({ cartId: null, items: [], totals: { itemCount: 0, total: 0 } });
    const added = await add(me, {
      productId: PE7_SAMPLE,
      quantity: 10,
      unit_price: 0.01,
      total_price: 0.01,
      unitPriceCents: 1,
      totalPriceCents: 1,
      packaging: { enabled: false, fee_amount: 0, sachet_count: 0 },
    });
    expect(added.status).toBe(201);
    const body = (await added.json()) as { cartId: string; itemCount: number };
    expect(body.itemCount).toBe(1);

    const view = await cart(me);
    expect(view.cartId).toBe(body.cartId);
    expect(view.status).toBe("active");
    expect(view.items).toHaveLength(1);
    const [line] = view.items;
    // Spec §9 table: 10 g cost R$ 130,00 (R$ 200,00 without the discount).
    expect(line).toMatchObject({ productId: PE7_SAMPLE, quantity: 10, unitType: "gram", totalPriceCents: 130_00, unitPriceCents: 13_00 });
    expect(line!.savingsCents).toBe(70_00);
    expect(view.totals).toEqual({ subtotal: 130_00, total: 130_00, shippingTotal: 0, savings: 70_00, itemCount: 1 });
    expect((await count(me)).count).toBe(1);
  });

  it("prices unit products from the database and packaging from 50 g, one fee per 2 g sachet", async () => {
    const me = anonymous();
    expect((await add(me, { productId: GT_KIT, quantity: 2, unitPriceCents: 1 })).status).toBe(201);
    expect((await add(me, { productId: PEA_SAMPLE, quantity: 50, packaging: { enabled: true } })).status).toBe(201);
    const view = await cart(me);
    const kit = view.items.find((item) => item.productId === GT_KIT)!;
    expect(kit).toMatchObject({ unitType: "unit", unitPriceCents: 89_90, totalPriceCents: 179_80, savingsCents: 0 });
    const sample = view.items.find((item) => item.productId === PEA_SAMPLE)!;
    expect(sample.packaging).toEqual({ enabled: true, fee_amount: 1_00, sachet_count: 25 });
    expect(sample.packagingFeeCents).toBe(25_00);
    expect(sample.lineTotalCents).toBe(500_00 + 25_00);
    expect(view.totals.subtotal).toBe(179_80 + 525_00);
    expect(view.totals.itemCount).toBe(2);
  });

  it("prices from the product row as it is now, even right after an admin changed it", async () => {
    const me = anonymous();
    expect((await add(me, { productId: GT_KIT, quantity: 1 })).status).toBe(201);
    await ctx.t.db.update(products).set({ priceCents: 99_90 }).where(eq(products.id, GT_KIT));
    try {
      const other = anonymous();
      expect((await add(other, { productId: GT_KIT, quantity: 1 })).status).toBe(201);
      expect((await cart(other)).items[0]).toMatchObject({ unitPriceCents: 99_90, totalPriceCents: 99_90 });
      await ctx.t.db.update(products).set({ buttonDisabled: true }).where(eq(products.id, GT_KIT));
      await expectError(await add(anonymous(), { productId: GT_KIT, quantity: 1 }), 409, "product_unavailable");
    } finally {
      await ctx.t.db.update(products).set({ priceCents: 89_90, buttonDisabled: false }).where(eq(products.id, GT_KIT));
    }
  });

  it("adds the same product to one line with the summed quantity", async () => {
    const me = anonymous();
    await add(me, { productId: PE7_SAMPLE, quantity: 2 });
    await add(me, { productId: PE7_SAMPLE, quantity: 4 });
    const view = await cart(me);
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({ quantity: 6, totalPriceCents: 96_00 });
  });

  it("issues the cart's token on the first add: 256 random bits in an HttpOnly, SameSite=Lax cookie, Secure over https", async () => {
    const visitor: Caller = { browser: new Browser() };
    expect(await cart(visitor)).toMatchObject({ cartId: null, items: [] });
    const first = await add(visitor, { productId: PE7_SAMPLE, quantity: 2 });
    expect(first.status).toBe(201);
    const [cookie] = first.headers.getSetCookie();
    expect(cookie).toMatch(/^loja\.cart=[\w-]{43}\.[\w-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    // The browser's own id (spec §3 cartSessionId) comes back in the header; it is not the token.
    const id = first.headers.get("cart-session-id");
    expect(id).toBe(sessionOf(visitor));
    expect(cookie).not.toContain(id);
    // The next add keeps the token and the cart.
    const second = await add(visitor, { productId: GT_KIT, quantity: 1 });
    expect(second.headers.getSetCookie()).toEqual([]);
    expect((await cart(visitor)).items).toHaveLength(2);

    const overHttps = await ctx.app.request("https://localhost:3000/api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://localhost:3000" },
      body: JSON.stringify({ productId: PE7_SAMPLE, quantity: 2 }),
    });
    expect(overHttps.status).toBe(201);
    expect(overHttps.headers.getSetCookie()[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);

    await expectError(await add({ session: "not-a-uuid" }, { productId: PE7_SAMPLE, quantity: 2 }), 400, "invalid_cart_session");
    expect(await cart({})).toMatchObject({ cartId: null, items: [] });
  });

  it("never lets the browser choose its cart: a chosen, all-zeros or forged id reaches no cart and gets a token of the server's", async () => {
    const owner = anonymous();
    await add(owner, { productId: PE7_SAMPLE, quantity: 4 });
    const ownersId = sessionOf(owner);
    const forgedToken = `${"A".repeat(43)}.${"A".repeat(22)}`;
    for (const attempt of [
      { session: ownersId },
      { session: "00000000-0000-0000-0000-000000000000" },
      { browser: Object.assign(new Browser(), { cookies: new Map([[CART_COOKIE, forgedToken]]) }) },
      {
        browser: Object.assign(new Browser(), {
          cookies: new Map([[CART_COOKIE, `${owner.browser!.cookies.get(CART_COOKIE)!.slice(0, 44)}${"B".repeat(22)}`]]),
        }),
      },
    ] as Caller[]) {
      expect((await cart(attempt)).items, JSON.stringify(attempt)).toHaveLength(0);
      const added = await add(attempt, { productId: GT_KIT, quantity: 1 });
      expect(added.status).toBe(201);
      const issued = added.headers.getSetCookie()[0] ?? "";
      expect(issued).toMatch(/^loja\.cart=/);
      expect(issued).not.toContain(forgedToken);
      expect(added.headers.get("cart-session-id")).not.toBe(ownersId);
    }
    // The zeros never became a cart's id, and the owner's cart is as it was.
    expect(await ctx.t.db.select().from(carts).where(eq(carts.sessionId, "00000000-0000-0000-0000-000000000000"))).toHaveLength(0);
    expect((await cart(owner)).items).toEqual([expect.objectContaining({ productId: PE7_SAMPLE, quantity: 4 })]);
  });

  it("refuses products that cannot be bought, unknown products and more than the stock", async () => {
    const me = anonymous();
    await expectError(await add(me, { productId: GT_SAMPLE, quantity: 2 }), 409, "product_unavailable");
    await expectError(await add(me, { productId: randomUUID(), quantity: 2 }), 404, "product_not_found");
    await expectError(await add(me, { productId: "x", quantity: 2 }), 400, "validation_error");
    await expectError(await add(me, { productId: GT_KIT, quantity: 26 }), 409, "insufficient_stock");
    expect((await cart(me)).items).toHaveLength(0);
  });
});

describe("quantity rules", () => {
  const bad: [string, unknown, number, string][] = [
    ["zero", 0, 400, "minimum_quantity"],
    ["negative", -2, 400, "minimum_quantity"],
    ["one gram", 1, 400, "minimum_quantity"],
    ["an odd number of grams", 3, 400, "invalid_quantity"],
    ["fractional", 2.5, 400, "validation_error"],
    ["huge", 1e12, 400, "validation_error"],
    ["above the maximum", 2000, 400, "invalid_quantity"],
    ["a string", "4", 400, "validation_error"],
    ["null", null, 400, "validation_error"],
    ["missing", undefined, 400, "validation_error"],
  ];

  it.each(bad)("refuses %s on add with a 4xx", async (_label, quantity, status, code) => {
    const me = anonymous();
    const body = await expectError(await add(me, { productId: PE7_SAMPLE, quantity }), status, code);
    if (code === "minimum_quantity") expect(body.error.message).toBe("Minimum quantity is 2");
    expect((await cart(me)).items).toHaveLength(0);
  });

  it("refuses zero and negative units for unit products, and non-JSON bodies", async () => {
    const me = anonymous();
    await expectError(await add(me, { productId: GT_KIT, quantity: 0 }), 400, "invalid_quantity");
    await expectError(await add(me, { productId: GT_KIT, quantity: -1 }), 400, "invalid_quantity");
    const text = await ctx.request("/api/cart/items", {
      method: "POST",
      headers: { ...headers(me), "content-type": "application/json" },
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
  });

  it.each(bad)("refuses %s on update, leaving the line as it was", async (_label, quantity, status, code) => {
    const me = anonymous();
    await add(me, { productId: PE7_SAMPLE, quantity: 4 });
    const [line] = (await cart(me)).items;
    const body = await expectError(
      await update(me, line!.id, { quantity }),
      status,
      code === "validation_error" && quantity === undefined ? undefined : code,
    );
    if (code === "minimum_quantity") expect(body.error.message).toBe("Minimum quantity is 2");
    expect((await cart(me)).items[0]).toMatchObject({ quantity: 4, totalPriceCents: 72_00 });
  });

  it("updates quantity and packaging, repricing on the server", async () => {
    const me = anonymous();
    await add(me, { productId: PE7_SAMPLE, quantity: 4 });
    const [line] = (await cart(me)).items;
    const response = await update(me, line!.id, { quantity: 100, packaging: { enabled: true }, totalPriceCents: 1 });
    expect(response.status).toBe(200);
    const view = (await response.json()) as CartView;
    expect(view.items[0]).toMatchObject({ quantity: 100, totalPriceCents: 900_00, packagingFeeCents: 50_00, lineTotalCents: 950_00 });
    const off = (await (await update(me, line!.id, { packaging: { enabled: false } })).json()) as CartView;
    expect(off.items[0]).toMatchObject({ quantity: 100, packagingFeeCents: 0 });
  });

  it("answers Item not found for lines outside the caller's cart", async () => {
    const me = anonymous();
    await add(me, { productId: PE7_SAMPLE, quantity: 4 });
    await expectError(await update(me, randomUUID(), { quantity: 4 }), 404, "item_not_found", "Item not found");
    await expectError(await update(me, "nope", { quantity: 4 }), 404, "item_not_found", "Item not found");
    await expectError(await remove(me, randomUUID()), 404, "item_not_found", "Item not found");
  });
});

describe("services, courses and digital items: one per order (decision 063)", () => {
  const EBOOK = productUuid(202); // digital: a file to download, nothing to ship

  it("refuses a quantity above 1 on add, a second add of the same item, and raising the line, in Portuguese", async () => {
    const me = anonymous();
    const twice = await expectError(await add(me, { productId: CONSULTORIA, quantity: 2 }), 400, "single_unit_only");
    expect(twice.error.message).toContain("uma unidade por pedido");
    expect((await cart(me)).items).toHaveLength(0);

    expect((await add(me, { productId: EBOOK, quantity: 1 })).status).toBe(201);
    await expectError(await add(me, { productId: EBOOK, quantity: 1 }), 400, "single_unit_only");
    const [line] = (await cart(me)).items;
    await expectError(await update(me, line!.id, { quantity: 3 }), 400, "single_unit_only");
    expect((await cart(me)).items).toMatchObject([{ productId: EBOOK, quantity: 1 }]);
  });

  it("still sells several of a shipped unit product", async () => {
    const me = anonymous();
    expect((await add(me, { productId: GT_KIT, quantity: 2 })).status).toBe(201);
    expect((await add(me, { productId: GT_KIT, quantity: 1 })).status).toBe(201);
    expect((await cart(me)).items).toMatchObject([{ productId: GT_KIT, quantity: 3 }]);
  });
});

describe("isolation", () => {
  it("keeps another session's cart unreachable: reads are empty, writes are 404", async () => {
    const owner = anonymous();
    const stranger = anonymous();
    await add(owner, { productId: PE7_SAMPLE, quantity: 4 });
    const [line] = (await cart(owner)).items;
    expect(await cart(stranger)).toMatchObject({ cartId: null, items: [] });
    expect((await count(stranger)).count).toBe(0);
    await expectError(await update(stranger, line!.id, { quantity: 8 }), 404, "item_not_found");
    await expectError(await remove(stranger, line!.id), 404, "item_not_found");
    await expectError(await update({}, line!.id, { quantity: 8 }), 404, "item_not_found");
    expect((await cart(owner)).items[0]!.quantity).toBe(4);
  });

  it("keeps another user's cart unreachable, and an account's cart from the session id alone", async () => {
    const alice = anonymous().browser!;
    const aliceSession = sessionOf({ browser: alice });
    await ctx.customer(uniqueEmail("alice"), alice);
    const bob = await ctx.customer(uniqueEmail("bob"));
    expect((await add({ browser: alice, session: aliceSession }, { productId: GT_KIT, quantity: 1 })).status).toBe(201);
    const [line] = (await cart({ browser: alice })).items;
    expect(line).toBeTruthy();
    expect((await cart({ browser: bob })).items).toHaveLength(0);
    await expectError(await update({ browser: bob }, line!.id, { quantity: 2 }), 404, "item_not_found");
    await expectError(await remove({ browser: bob, session: aliceSession }, line!.id), 404, "item_not_found");
    // The session id alone (signed out on this device) does not reach the account's cart.
    expect((await cart({ session: aliceSession })).items).toHaveLength(0);
    await expectError(await remove({ session: aliceSession }, line!.id), 404, "item_not_found");
  });
});

describe("the two-tab race", () => {
  it("gives one consistent line for 20 concurrent adds of the same product", async () => {
    const me = anonymous();
    const responses = await Promise.all(Array.from({ length: 20 }, () => add(me, { productId: PE7_SAMPLE, quantity: 2 })));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const view = await cart(me);
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({ quantity: 40, totalPriceCents: 440_00 });
    const rows = await ctx.t.db
      .select()
      .from(carts)
      .where(eq(carts.sessionId, sessionOf(me)));
    expect(rows).toHaveLength(1);
  });

  it("creates one cart for concurrent first adds of different products", async () => {
    const me = anonymous();
    const products = [PE7_SAMPLE, PEA_SAMPLE, GT_KIT, CONSULTORIA];
    const responses = await Promise.all(
      products.map((productId) => add(me, { productId, quantity: productId === GT_KIT || productId === CONSULTORIA ? 1 : 2 })),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const view = await cart(me);
    expect(view.items).toHaveLength(4);
  });
});

describe("an add sent again with its idempotency key (its answer was lost, the offline queue replays it)", () => {
  type Added = { cartId: string; itemId: string | null; quantity: number; itemCount: number };
  const sample = (idempotencyKey?: string, quantity = 2) => ({ productId: PE7_SAMPLE, quantity, idempotencyKey });
  async function added(response: Response): Promise<Added> {
    expect(response.status).toBe(201);
    return (await response.json()) as Added;
  }

  it("applies a key once and answers the repeat with its first answer, for a new line and for one already there", async () => {
    const me = anonymous();
    const key = randomUUID();
    const first = await added(await add(me, sample(key)));
    expect(await added(await add(me, sample(key)))).toEqual(first);
    expect((await cart(me)).items[0]).toMatchObject({ quantity: 2, totalPriceCents: 40_00 });

    // Onto the existing line (the full transaction's path): 2 g more, once.
    const more = randomUUID();
    const summed = await added(await add(me, sample(more)));
    expect(summed).toMatchObject({ itemId: first.itemId, quantity: 4, itemCount: 1 });
    expect(await added(await add(me, sample(more)))).toEqual(summed);
    // Another product joined since: the repeat still answers what the first add answered (Stripe's rule).
    await add(me, { productId: GT_KIT, quantity: 1 });
    expect(await added(await add(me, sample(key)))).toEqual(first);
    expect((await cart(me)).items.find((item) => item.productId === PE7_SAMPLE)).toMatchObject({ quantity: 4, totalPriceCents: 72_00 });
  });

  it("adds once for the same key sent concurrently, to a new line and to an existing one: a duplicate in flight gets 409", async () => {
    const me = anonymous();
    for (const [key, total] of [
      [randomUUID(), 2],
      [randomUUID(), 4],
    ] as const) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => add(me, sample(key))));
      const statuses = answers.map((response) => response.status);
      expect(
        statuses.every((status) => status === 201 || status === 409),
        statuses.join(),
      ).toBe(true);
      const bodies = (await Promise.all(answers.map((response) => response.json()))) as Array<Added & ErrorJson>;
      const applied = bodies.filter((_body, i) => statuses[i] === 201);
      // Whoever got 201 got the one answer (the first, or its replay); the others were told to wait.
      expect(applied.length).toBeGreaterThan(0);
      for (const body of applied) expect(body).toEqual(applied[0]);
      for (const body of bodies.filter((_body, i) => statuses[i] === 409)) {
        expect(body.error).toEqual({
          code: "cart_add_in_progress",
          message: "Esta inclusão no carrinho já está sendo processada. Aguarde um instante.",
        });
      }
      expect((await cart(me)).items[0]).toMatchObject({ quantity: total });
      // Once the first has finished, the same request replays its answer.
      expect(await added(await add(me, sample(key)))).toEqual(applied[0]);
    }
  });

  it("answers 409 while an add with the same key is still running, and applies it once that one is gone", async () => {
    const email = uniqueEmail("corrida");
    const customer: Caller = { browser: await ctx.customer(email) };
    for (const caller of [anonymous(), customer]) {
      const key = randomUUID();
      // What a first request holds while it runs: its key's lock (the owner is the cart's).
      const owner =
        caller === customer ? { userId: await ctx.userId(email), sessionId: null } : { userId: null, sessionId: sessionOf(caller) };
      const first = await ctx.t.db.$client.connect();
      try {
        await first.query("select pg_advisory_lock($1::bigint)", [addKeyLockId(owner, key)]);
        await expectError(
          await add(caller, sample(key)),
          409,
          "cart_add_in_progress",
          "Esta inclusão no carrinho já está sendo processada. Aguarde um instante.",
        );
        // Through the full transaction too (the product already in the cart).
        await add(caller, sample());
        await expectError(await add(caller, sample(key)), 409, "cart_add_in_progress");
        await first.query("select pg_advisory_unlock($1::bigint)", [addKeyLockId(owner, key)]);
      } finally {
        first.release();
      }
      expect(await added(await add(caller, sample(key)))).toMatchObject({ quantity: 4 });
      expect((await cart(caller)).items[0]).toMatchObject({ quantity: 4 });
    }
  });

  it("binds a key to its request: another body under it answers 422 and adds nothing, the same body still replays", async () => {
    for (const caller of [anonymous(), { browser: await ctx.customer(uniqueEmail("reuso")) }]) {
      const key = randomUUID();
      const first = await added(await add(caller, sample(key, 10)));
      for (const other of [
        sample(key, 12),
        { ...sample(key, 10), productId: GT_KIT, quantity: 1 },
        { ...sample(key, 10), packaging: { enabled: true } },
      ]) {
        await expectError(
          await add(caller, other),
          422,
          "idempotency_key_reused",
          "Esta inclusão no carrinho já foi enviada com outros dados. Recarregue a página e confira o carrinho.",
        );
      }
      // Key order, extra fields (ignored amounts) and the id's case are not part of the request.
      const respelled = { idempotencyKey: key, unit_price: 1, quantity: 10, productId: PE7_SAMPLE.toUpperCase() };
      expect(await added(await add(caller, respelled))).toEqual(first);
      const view = await cart(caller);
      expect(view.items).toHaveLength(1);
      expect(view.items[0]).toMatchObject({ productId: PE7_SAMPLE, quantity: 10 });
    }
  });

  it("adds twice for two keys, and twice without a key (as before)", async () => {
    const me = anonymous();
    await add(me, sample(randomUUID()));
    await add(me, sample(randomUUID()));
    await add(me, sample());
    await add(me, sample());
    expect((await cart(me)).items[0]).toMatchObject({ quantity: 8 });
  });

  it("refuses a key that is not a UUID with a 400 in Portuguese, adding nothing", async () => {
    const me = anonymous();
    for (const key of ["abc", 42, null, ""]) {
      const body = await expectError(await add(me, { ...sample(), idempotencyKey: key }), 400, "validation_error");
      expect(body.error.message).toBe("Dados inválidos. idempotencyKey: a chave de idempotência (idempotencyKey) deve ser um UUID.");
    }
    expect((await cart(me)).items).toHaveLength(0);
  });

  it("keeps a key to its cart: another session's same key adds to that session's cart only, and shows nothing of the first", async () => {
    const owner = anonymous();
    const stranger = anonymous();
    const key = randomUUID();
    const mine = await added(await add(owner, sample(key, 10)));
    const theirs = await added(await add(stranger, sample(key)));
    expect(theirs.cartId).not.toBe(mine.cartId);
    expect(theirs).toMatchObject({ quantity: 2, itemCount: 1 });
    expect((await cart(owner)).items[0]).toMatchObject({ quantity: 10 });
    expect((await cart(stranger)).items[0]).toMatchObject({ quantity: 2 });
  });

  it("does not bring back a line removed after its add was applied", async () => {
    const me = anonymous();
    const key = randomUUID();
    const first = await added(await add(me, sample(key)));
    expect((await remove(me, first.itemId!)).status).toBe(200);
    expect(await added(await add(me, sample(key)))).toEqual(first);
    expect((await cart(me)).items).toHaveLength(0);
  });

  it("holds for a signed-in customer, and after the anonymous cart merged into the account's", async () => {
    const visitor = anonymous();
    const anonymousKey = randomUUID();
    await add(visitor, { productId: GT_KIT, quantity: 1, idempotencyKey: anonymousKey });
    const browser = await ctx.customer(uniqueEmail("chave"), visitor.browser);
    const key = randomUUID();
    await add({ browser }, sample(key));
    await add({ browser }, sample(key));
    // The replay comes signed in: the session's cart merges into the account's, and the add is not applied again.
    await add({ browser }, { productId: GT_KIT, quantity: 1, idempotencyKey: anonymousKey });
    const view = await cart({ browser });
    expect(view.items.find((item) => item.productId === PE7_SAMPLE)).toMatchObject({ quantity: 2 });
    expect(view.items.find((item) => item.productId === GT_KIT)).toMatchObject({ quantity: 1 });
  });
});

describe("resolution and migration at sign-in (spec §4)", () => {
  const migrate = (caller: Caller) =>
    ctx.request("/api/cart/migrate", { method: "POST", browser: caller.browser, headers: headers(caller) });

  it("moves the anonymous cart of the browser's token to the account that has none, then ends that token", async () => {
    const visitor = anonymous();
    const oldToken = visitor.browser!.cookies.get(CART_COOKIE)!;
    await add(visitor, { productId: PE7_SAMPLE, quantity: 4 });
    const email = uniqueEmail("migra");
    const browser = await ctx.customer(email, visitor.browser);
    const before = await cart({ browser });
    expect(before.migrationPending).toBe(true);
    expect(before.items).toHaveLength(1);
    const migrated = await migrate({ browser });
    expect(migrated.status).toBe(200);
    expect(await migrated.json()).toEqual({ migrated: true });
    // Rotated: the cookie is deleted and the browser told to forget its id.
    expect(migrated.headers.getSetCookie()).toEqual([expect.stringMatching(/^loja\.cart=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/)]);
    expect(migrated.headers.get("cart-session-id")).toBe("");
    expect(browser.cookies.has(CART_COOKIE)).toBe(false);
    const after = await cart({ browser });
    expect(after.migrationPending).toBe(false);
    expect(after.items[0]).toMatchObject({ productId: PE7_SAMPLE, quantity: 4 });
    // Signed in elsewhere: the same cart.
    const elsewhere = new Browser();
    expect((await ctx.signIn(email, PASSWORD, elsewhere)).status).toBe(200);
    expect((await cart({ browser: elsewhere })).cartId).toBe(after.cartId);
    // The old token (a copy of it) sees nothing any more, nor does its id.
    const copy = new Browser();
    copy.cookies.set(CART_COOKIE, oldToken);
    expect((await cart({ browser: copy })).items).toHaveLength(0);
    expect((await cart({ session: cartSessionIdOf(oldToken) })).items).toHaveLength(0);

    // Signed out, the browser's next cart gets a new token.
    expect((await ctx.request("/api/auth/sign-out", { browser, json: {} })).status).toBe(200);
    const next = await add({ browser }, { productId: GT_KIT, quantity: 1 });
    expect(next.status).toBe(201);
    const newToken = browser.cookies.get(CART_COOKIE);
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect((await cart({ browser })).items).toEqual([expect.objectContaining({ productId: GT_KIT })]);
  });

  it("merges into the account's cart, summing lines, and repricing", async () => {
    const email = uniqueEmail("merge");
    const browser = await ctx.customer(email);
    await add({ browser }, { productId: PE7_SAMPLE, quantity: 2 });
    const visitor = anonymous();
    const session = sessionOf(visitor);
    await add(visitor, { productId: PE7_SAMPLE, quantity: 8 });
    await add(visitor, { productId: GT_KIT, quantity: 1 });
    expect((await ctx.signIn(email, PASSWORD, visitor.browser)).status).toBe(200);
    const migrated = await migrate(visitor);
    expect(await migrated.json()).toEqual({ migrated: true });
    const view = await cart({ browser });
    expect(view.items).toHaveLength(2);
    expect(view.items.find((item) => item.productId === PE7_SAMPLE)).toMatchObject({ quantity: 10, totalPriceCents: 130_00 });
    const userId = await ctx.userId(email);
    expect(await ctx.t.db.select().from(carts).where(eq(carts.userId, userId))).toHaveLength(1);
    expect(await ctx.t.db.select().from(carts).where(eq(carts.sessionId, session))).toHaveLength(0);
  });

  it("migrates on the first write after sign-in, and needs an account for the explicit migration", async () => {
    const visitor = anonymous();
    await add(visitor, { productId: PEA_SAMPLE, quantity: 2 });
    await expectError(await migrate(visitor), 401);
    const browser = await ctx.customer(uniqueEmail("write"), visitor.browser);
    const write = await add({ browser }, { productId: GT_KIT, quantity: 1 });
    expect(write.headers.getSetCookie()).toEqual([expect.stringMatching(/^loja\.cart=; /)]);
    const view = await cart({ browser });
    expect(view.items.map((item) => item.productId).sort()).toEqual([PEA_SAMPLE, GT_KIT].sort());
    expect(view.migrationPending).toBe(false);
  });

  it("lets a signed-in user neither read nor claim a visitor's cart by sending its id", async () => {
    const victim = anonymous();
    await add(victim, { productId: PE7_SAMPLE, quantity: 6 });
    const victimsId = sessionOf(victim);
    const mallory = await ctx.customer(uniqueEmail("mallory"));
    for (const caller of [
      { browser: mallory, session: victimsId },
      { browser: mallory, session: "00000000-0000-0000-0000-000000000000" },
    ]) {
      const read = await cart(caller);
      expect(read.migrationPending).toBe(false);
      expect(read.items.filter((item) => item.productId === PE7_SAMPLE)).toEqual([]);
      expect(await (await migrate(caller)).json()).toEqual({ migrated: false });
      await add(caller, { productId: GT_KIT, quantity: 1 });
    }
    // Mallory's own cart has her line only; the victim's is whole and still anonymous.
    expect((await cart({ browser: mallory })).items.map((item) => item.productId)).toEqual([GT_KIT]);
    expect((await cart(victim)).items).toEqual([expect.objectContaining({ productId: PE7_SAMPLE, quantity: 6 })]);
    const [victimsCart] = await ctx.t.db.select().from(carts).where(eq(carts.sessionId, victimsId));
    expect(victimsCart).toMatchObject({ userId: null, status: "active" });
  });
});

describe("completed-cart check", () => {
  it("reports a cart of the caller that moved to pending_payment or completed, and nobody else's", async () => {
    const me = anonymous();
    const { cartId } = (await (await add(me, { productId: PE7_SAMPLE, quantity: 2 })).json()) as { cartId: string };
    const check = async (caller: Caller, query = `?cart_id=${cartId}`) =>
      (await (await ctx.request(`/api/cart/status${query}`, { headers: headers(caller), browser: caller.browser })).json()) as {
        finished: boolean;
        status: string | null;
      };
    expect(await check(me)).toMatchObject({ finished: false, status: "active" });
    // Another tab's request, sent with the same token before the first answer ended it.
    const otherTab: Caller = { browser: new Browser() };
    otherTab.browser!.cookies.set(CART_COOKIE, me.browser!.cookies.get(CART_COOKIE)!);
    await ctx.t.db.update(carts).set({ status: "pending_payment" }).where(eq(carts.id, cartId));
    expect(await check(me)).toMatchObject({ finished: true, status: "pending_payment" });
    expect(await check(otherTab, "")).toMatchObject({ finished: true, status: "pending_payment" });
    expect(await check(anonymous())).toMatchObject({ finished: false, status: null });
    // The browser's next cart (under a new token) is the active one.
    await add(me, { productId: PE7_SAMPLE, quantity: 2 });
    expect(await check(me, "")).toMatchObject({ finished: false, status: "active" });
    await expectError(await ctx.request("/api/cart/status?cart_id=x", { headers: headers(me) }), 400, "validation_error");
  });
});

describe("a visitor's cart that became an order", () => {
  it("ends its token at the status check: the cookie is deleted, the browser forgets its id, and the next cart gets a new token", async () => {
    const me = anonymous();
    const before = sessionOf(me);
    const { cartId } = (await (await add(me, { productId: PE7_SAMPLE, quantity: 2 })).json()) as { cartId: string };
    const active = await ctx.request(`/api/cart/status?cart_id=${cartId}`, { headers: headers(me), browser: me.browser });
    expect(active.headers.get("cart-session-id")).toBe(before);
    expect(active.headers.getSetCookie()).toEqual([]);

    await ctx.t.db.update(carts).set({ status: "pending_payment" }).where(eq(carts.id, cartId));
    const finished = await ctx.request(`/api/cart/status?cart_id=${cartId}`, { headers: headers(me), browser: me.browser });
    expect(await finished.json()).toMatchObject({ finished: true, status: "pending_payment" });
    expect(finished.headers.get("cart-session-id")).toBe("");
    expect(finished.headers.getSetCookie()).toEqual([expect.stringMatching(/^loja\.cart=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/)]);

    // The old token, still held by a copy, no longer gets its id named back once the cart is done with.
    const next = await add(anonymousWithout(me), { productId: PE7_SAMPLE, quantity: 2 });
    expect(next.status).toBe(201);
    expect(next.headers.get("cart-session-id")).not.toBe(before);
  });
});

/** The same browser once its cart cookie was deleted: it holds no token. */
function anonymousWithout(caller: Caller): Caller {
  caller.browser!.cookies.delete(CART_COOKIE);
  return caller;
}

describe("legacy lines and shipping", () => {
  // Issue 15: the legacy choice survives, its own amount does not (docs/requirements.md's one fee; the checkout charges the same).
  it("converts legacy packaging_fee / packaging_fee_amount into the packaging metadata, at the shop's fee", async () => {
    const me = anonymous();
    const { cartId } = (await (await add(me, { productId: PE7_SAMPLE, quantity: 2 })).json()) as { cartId: string };
    await ctx.t.db.insert(cartItems).values({
      cartId,
      productId: PEA_SAMPLE,
      productName: "Legado",
      quantity: 60,
      unitPriceCents: 0,
      totalPriceCents: 580_00,
      metadata: { packaging_fee: true, packaging_fee_amount: 1.5 } as never,
    });
    const legacy = (await cart(me)).items.find((item) => item.productId === PEA_SAMPLE)!;
    expect(legacy.packaging).toEqual({ enabled: true, fee_amount: 1_00, sachet_count: 30 });
    expect(legacy.packagingFeeCents).toBe(30_00);
    expect(legacy).toMatchObject({ totalPriceCents: 580_00, lineTotalCents: 610_00 });
  });

  it("quotes shipping by CEP, stores the choice with the table's price and adds it to the totals", async () => {
    const me = anonymous();
    await add(me, { productId: PE7_SAMPLE, quantity: 2 });
    const quote = await ctx.request("/api/shipping/quote?cep=01310-100");
    expect(quote.status).toBe(200);
    const options = (await quote.json()) as { region: string; options: { method: string; priceCents: number }[] };
    expect(options.region).toBe("SP");
    const sedex = options.options.find((option) => option.method === "sedex")!;
    const chosen = await ctx.request("/api/cart/shipping", {
      method: "PUT",
      json: { cep: "01310100", method: "sedex", priceCents: 0 },
      browser: me.browser,
    });
    expect(chosen.status).toBe(200);
    const view = (await chosen.json()) as CartView;
    expect(view.shipping).toMatchObject({ method: "sedex", cep: "01310100", priceCents: sedex.priceCents });
    expect(view.totals).toMatchObject({ shippingTotal: sedex.priceCents, total: 40_00 + sedex.priceCents });
    await expectError(await ctx.request("/api/shipping/quote?cep=123"), 400, "validation_error");
    await expectError(
      await ctx.request("/api/cart/shipping", { method: "PUT", json: { cep: "01310100", method: "teleporte" }, browser: me.browser }),
      400,
      "invalid_shipping_method",
    );
    await expectError(
      await ctx.request("/api/cart/shipping", { method: "PUT", json: { cep: "01310100", method: "pac" }, browser: anonymous().browser }),
      404,
      "cart_not_found",
    );
  });

  it("needs no shipping for a cart of services only", async () => {
    const me = anonymous();
    await add(me, { productId: CONSULTORIA, quantity: 1 });
    const view = await cart(me);
    expect(view.needsShipping).toBe(false);
    expect(view.totals.total).toBe(250_00);
  });
});

/** Collects the bus messages of a cart session's topic as they arrive. */
async function listenToSession(session: string) {
  const bus = realtimeBus(ctx.t.db);
  await bus.ready();
  const received: RealtimeMessage[] = [];
  const stop = bus.subscribe([`session:${session}`], (message) => received.push(message));
  return { received, stop };
}

describe("realtime", () => {
  it("publishes a cart change to the session's topic after the transaction commits", async () => {
    const me = anonymous();
    const bus = realtimeBus(ctx.t.db);
    await bus.ready();
    const received: RealtimeMessage[] = [];
    const got = new Promise<void>((resolve) => {
      const stop = bus.subscribe([`session:${sessionOf(me)}`], (message) => {
        received.push(message);
        stop();
        resolve();
      });
    });
    await add(me, { productId: PE7_SAMPLE, quantity: 2 });
    await got;
    expect(received[0]).toMatchObject({ type: "cart.changed", data: { reason: "added", itemCount: 1 } });
  });

  it("does not publish what a refused write would have changed", async () => {
    const me = anonymous();
    const { received, stop } = await listenToSession(sessionOf(me));
    await expectError(await add(me, { productId: GT_SAMPLE, quantity: 2 }), 409);
    // A later, successful write arrives; the refused one never did.
    await add(me, { productId: PE7_SAMPLE, quantity: 2 });
    await vi.waitFor(() => expect(received).not.toHaveLength(0));
    stop();
    expect(received.map((message) => (message.data as { reason: string }).reason)).toEqual(["added"]);
  });

  it("names the tab whose write made the change, and ignores a tab id that is not one without failing the write", async () => {
    const me = anonymous();
    const { received, stop } = await listenToSession(sessionOf(me));
    const nextEvent = async () => {
      const seen = received.length;
      await vi.waitFor(() => expect(received.length).toBeGreaterThan(seen));
      return received[seen]!.data;
    };
    const tab = randomUUID();
    try {
      // The one-statement add, then the full transaction (the same product again), update, removal.
      let event = nextEvent();
      expect((await add({ ...me, tab }, { productId: PE7_SAMPLE, quantity: 2 })).status).toBe(201);
      expect(await event).toMatchObject({ reason: "added", itemCount: 1, originTab: tab });
      event = nextEvent();
      expect((await add({ ...me, tab }, { productId: PE7_SAMPLE, quantity: 2 })).status).toBe(201);
      expect(await event).toMatchObject({ reason: "updated", originTab: tab });
      const [line] = (await cart(me)).items;

      for (const odd of ["x".repeat(65), "<script>", "aba um", ""]) {
        event = nextEvent();
        expect((await update({ ...me, tab: odd }, line!.id, { quantity: 6 })).status).toBe(200);
        expect(await event).not.toHaveProperty("originTab");
      }
      event = nextEvent();
      expect((await add({ ...me, tab: "../../etc" }, { productId: GT_KIT, quantity: 1 })).status).toBe(201);
      expect(await event).not.toHaveProperty("originTab");

      event = nextEvent();
      expect((await remove({ ...me, tab }, line!.id)).status).toBe(200);
      expect(await event).toMatchObject({ reason: "removed", itemCount: 1, originTab: tab });
    } finally {
      stop();
    }
  });

  it("streams the cart events of the browser's token over /api/events, and another session's not", async () => {
    const me = anonymous();
    const other = anonymous();
    // The token travels in its cookie; the URL names no cart (an id put there by anyone is not read).
    const response = await ctx.request(`/api/events?cart_session=${sessionOf(other)}`, { browser: me.browser });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        text += decoder.decode(value);
      }
    };
    await readUntil("event: ready");
    await add(other, { productId: PE7_SAMPLE, quantity: 2 });
    await add(me, { productId: GT_KIT, quantity: 1 });
    await readUntil("event: cart.changed");
    await readUntil("\n\n");
    const events = text.split("\n\n").filter((block) => block.includes("cart.changed"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^id: [0-9a-f]{8}\.\d+$/m);
    expect(events[0]).toContain('"reason":"added"');
    await reader.cancel();
  });

  it("replays missed events after Last-Event-ID, or asks for a resync when it cannot", async () => {
    const me = anonymous();
    const bus = realtimeBus(ctx.t.db);
    await bus.ready();
    const first = new Promise<RealtimeMessage>((resolve) => {
      const stop = bus.subscribe([`session:${sessionOf(me)}`], (message) => {
        stop();
        resolve(message);
      });
    });
    await add(me, { productId: PE7_SAMPLE, quantity: 2 });
    const seen = await first;
    const second = new Promise<void>((resolve) => {
      const stop = bus.subscribe([`session:${sessionOf(me)}`], () => {
        stop();
        resolve();
      });
    });
    await add(me, { productId: PE7_SAMPLE, quantity: 2 });
    await second;
    expect(bus.since(seen.id, [`session:${sessionOf(me)}`])).toHaveLength(1);
    expect(bus.since("00000000.1", [`session:${sessionOf(me)}`])).toBeNull();

    const response = await ctx.request("/api/events", { browser: me.browser, headers: { "last-event-id": "elsewhere.3" } });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("event: resync")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain("event: resync");
    await reader.cancel();
  });
});
