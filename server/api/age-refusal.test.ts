import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { AGE_GATE_CHOICES, AGE_GATE_REFUSAL, CURRENT_CONSENT_VERSION } from "#domain/consent/consent-rules.ts";
import { carts } from "#platform/db/tables/cart.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkoutBody, giveCart, KIT } from "#test/builders.ts";

/*
 * Decision 064: a browser that said "Não Concordo" to the age gate (not 18, or the terms refused)
 * fills no cart and places no order: the server refuses with a Portuguese reason, whatever the
 * page or a script sends. Accepting the gate later lifts it.
 */

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

let addresses = 0;
const newBrowser = () => new Browser(`198.51.100.${++addresses}`);

const answerGate = (browser: Browser, choices: ReadonlyArray<{ purpose: string; granted: boolean }>) =>
  ctx.request("/api/consent", { browser, json: { browserId: crypto.randomUUID(), version: CURRENT_CONSENT_VERSION, choices } });

const addKit = (browser: Browser) => ctx.request("/api/cart/items", { browser, json: { productId: KIT, quantity: 1 } });

describe("a browser that refused the age gate", () => {
  it("cannot add to the cart: 403 with the reason in Portuguese, and no cart is made", async () => {
    const browser = newBrowser();
    expect((await answerGate(browser, AGE_GATE_REFUSAL)).status).toBe(201);

    const refused = await addKit(browser);
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as ErrorJson;
    expect(body.error.code).toBe("age_refused");
    expect(body.error.message).toContain("18 anos");
    // Nothing was written for it: no token issued, no cart.
    expect(browser.cookies.has("loja.cart")).toBe(false);
  });

  it("cannot change a line it already had: the cart is blocked, not only new adds", async () => {
    const browser = newBrowser();
    const added = await addKit(browser);
    expect(added.status).toBe(201);
    const { itemId } = (await added.json()) as { itemId: string };

    await answerGate(browser, AGE_GATE_REFUSAL);
    const changed = await ctx.request(`/api/cart/items/${itemId}`, { browser, method: "PATCH", json: { quantity: 2 } });
    expect(changed.status).toBe(403);
    expect(((await changed.json()) as ErrorJson).error.code).toBe("age_refused");
  });

  it("cannot check out even when signed in and ticking the order's 18+ box", async () => {
    const email = uniqueEmail("recusou");
    const browser = await ctx.customer(email, newBrowser());
    await giveCart(ctx.t.db, await ctx.userId(email), 4);
    await answerGate(browser, AGE_GATE_REFUSAL);

    const placed = await ctx.request("/api/checkout/orders", { browser, json: checkoutBody(crypto.randomUUID()) });
    expect(placed.status).toBe(403);
    expect(((await placed.json()) as ErrorJson).error.message).toMatch(/^Compras bloqueadas/);
    // The cart stays as it was, waiting: no order took it.
    const [cart] = await ctx.t.db
      .select({ status: carts.status })
      .from(carts)
      .where(eq(carts.userId, await ctx.userId(email)));
    expect(cart?.status).toBe("active");
  });

  it("can buy again once it accepts the gate", async () => {
    const browser = newBrowser();
    await answerGate(browser, AGE_GATE_REFUSAL);
    expect((await addKit(browser)).status).toBe(403);

    await answerGate(browser, AGE_GATE_CHOICES);
    expect((await addKit(browser)).status).toBe(201);
  });

  it("another browser, which never refused, is not affected", async () => {
    await answerGate(newBrowser(), AGE_GATE_REFUSAL);
    expect((await addKit(newBrowser())).status).toBe(201);
  });
});
