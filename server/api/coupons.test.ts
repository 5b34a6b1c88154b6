import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#platform/db/tables/auth.ts";
import { couponRedemptions, coupons } from "#platform/db/tables/coupons.ts";
import { orders } from "#platform/db/tables/orders.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { auditEntries } from "#test/audit.ts";
import { checkOut, giveCart, CHECKOUT_ADDRESS } from "#test/builders.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { priceOrderDiscounts, recordOrderDiscounts } from "#domain/checkout/checkout-discounts.server.ts";
import type { CouponView } from "#domain/coupons/coupon-schemas.ts";
import { describeAudit } from "#domain/audit/audit-sentences.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";

/*
 * Issue 19 item 3, decision 028: the admin's coupons (created, listed, switched off, audited), each
 * rule at its limit, the use a cancelled or expired order gives back, and parallel redemptions
 * that never go beyond a limit. Real PostgreSQL, the shop's HTTP API.
 */

const KIT = 4; // liquid-culture kit, by the unit, shipped
const COURSE = 201; // educational: nothing to ship

type ErrorJson = { error: { code: string; message: string } };

let ctx: AuthTestContext;
let admin: Browser;
let addresses = 0;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  const email = uniqueEmail("admin-cupons");
  await ctx.makeAdmin(email);
  admin = await ctx.customer(email, new Browser("198.51.100.201"));
}, 60_000);
afterAll(async () => ctx?.close());

let codes = 0;
const newCode = (prefix: string) => `${prefix}${++codes}`;

async function createCoupon(body: Record<string, unknown>): Promise<CouponView> {
  const response = await ctx.request("/api/admin/coupons", { browser: admin, json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CouponView;
}

async function customer(label: string) {
  const email = uniqueEmail(label);
  const browser = new Browser(`198.51.100.${++addresses + 20}`);
  expect((await ctx.signUp(email, { browser })).status).toBe(200);
  expect((await ctx.verify(email, browser)).status).toBe(302);
  return { browser, email, userId: await ctx.userId(email) };
}

const preview = (browser: Browser, couponCode: string) => ctx.request("/api/checkout/coupon-preview", { browser, json: { couponCode } });

async function refusal(response: Response): Promise<string> {
  expect(response.status).toBe(422);
  return ((await response.json()) as ErrorJson).error.message;
}

function place(browser: Browser, couponCode: string, extra: Record<string, unknown> = {}) {
  return ctx.request("/api/checkout/orders", {
    browser,
    json: {
      idempotencyKey: crypto.randomUUID(),
      address: CHECKOUT_ADDRESS,
      shippingMethod: "pac",
      confirmAdult: true,
      acceptTerms: true,
      couponCode,
      ...extra,
    },
  });
}

async function orderOf(browser: Browser, response: Response): Promise<OrderDetail> {
  expect(response.status, await response.clone().text()).toBe(201);
  const { orderId } = (await response.json()) as { orderId: string };
  return (await (await ctx.request(`/api/orders/${orderId}`, { browser })).json()) as OrderDetail;
}

describe("the admin's coupons", () => {
  it("are admin-only, validated in Portuguese, unique by code, listed and switched off, each change audited", async () => {
    const code = newCode("BEMVINDO");
    const body = { code: code.toLowerCase(), kind: "percent", value: 10, minSubtotalCents: 5000, maxUses: 100, maxUsesPerCustomer: 1 };
    const visitor = await ctx.request("/api/admin/coupons", { json: body });
    expect(visitor.status).toBe(401);
    const someone = await customer("nao-admin");
    expect((await ctx.request("/api/admin/coupons", { browser: someone.browser, json: body })).status).toBe(403);
    expect((await ctx.request("/api/admin/coupons", { browser: someone.browser })).status).toBe(403);

    const created = await createCoupon(body);
    expect(created).toMatchObject({ code, kind: "percent", value: 10, active: true, uses: 0 });
    const duplicate = await ctx.request("/api/admin/coupons", { browser: admin, json: body });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as ErrorJson).error.message).toContain(`Já existe um cupom ${code}`);

    const invalid = [
      [{ code: "X", kind: "percent", value: 10 }, "O código do cupom tem de 3 a 30 caracteres."],
      [{ code: "NOVO1", kind: "percent", value: 150 }, "A porcentagem vai de 1 a 100."],
      [{ code: "NOVO2", kind: "fixed" }, "Informe o valor do desconto em reais."],
      [{ code: "NOVO3", kind: "brinde" }, "Escolha o tipo"],
      [
        { code: "NOVO4", kind: "free_shipping", startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" },
        "O fim da validade tem de ser depois do início.",
      ],
    ] as const;
    for (const [json, message] of invalid) {
      const response = await ctx.request("/api/admin/coupons", { browser: admin, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(((await response.json()) as ErrorJson).error.message).toContain(message);
    }

    const list = (await (await ctx.request("/api/admin/coupons", { browser: admin })).json()) as { coupons: CouponView[] };
    expect(list.coupons.map((coupon) => coupon.code)).toContain(code);

    const off = await ctx.request(`/api/admin/coupons/${created.id}`, { browser: admin, method: "PATCH", json: { active: false } });
    expect(off.status).toBe(200);
    expect(((await off.json()) as CouponView).active).toBe(false);
    expect(
      (await ctx.request(`/api/admin/coupons/${created.id}`, { browser: someone.browser, method: "PATCH", json: { active: true } })).status,
    ).toBe(403);
    expect(
      (await ctx.request(`/api/admin/coupons/${crypto.randomUUID()}`, { browser: admin, method: "PATCH", json: { active: true } })).status,
    ).toBe(404);

    const entries = await auditEntries(ctx, admin, "coupon", created.id);
    expect(entries.map((entry) => entry.action)).toEqual(["coupon.deactivate", "coupon.create"]);
    expect(entries[0]).toMatchObject({ before: { active: true }, after: { active: false } });
    // The log names the coupon by its code (issue 28 item 10): "Cupom BEMVINDO desativado".
    expect(entries.map((entry) => describeAudit(entry).sentences[0])).toEqual([
      `Cupom ${code} desativado`,
      expect.stringMatching(`^Cupom ${code} criado: `),
    ]);

    // A switched-off coupon is unknown to customers.
    await giveCart(ctx.t.db, someone.userId, KIT, 1);
    expect(await refusal(await preview(someone.browser, code))).toBe(`Cupom ${code} não encontrado. Confira o código.`);
  });
});

describe("applying a coupon at checkout", () => {
  it("prices the preview, stores the discount line on the order, charges the Pix the discounted total and gives the use back when the order is cancelled or expires", async () => {
    const code = newCode("DEZ");
    const coupon = await createCoupon({ code, kind: "percent", value: 10, maxUses: 1 });
    const buyer = await customer("cupom-pedido");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const previewed = await preview(buyer.browser, code.toLowerCase());
    expect(previewed.status).toBe(200);
    expect(await previewed.json()).toEqual({ coupon: { code, kind: "percent", value: 10 }, creditCents: 0 });

    const order = await orderOf(buyer.browser, await place(buyer.browser, ` ${code.toLowerCase()} `));
    const tenth = Math.round(order.subtotalCents / 10);
    expect(order.discounts).toEqual([{ kind: "coupon", label: `Cupom ${code} (10%)`, amountCents: tenth }]);
    expect(order.totalCents).toBe(order.subtotalCents + order.packagingCents + order.shippingCents - tenth);
    const amount = (order.totalCents / 100).toFixed(2);
    expect(order.pix!.code).toContain(`54${String(amount.length).padStart(2, "0")}${amount}`);
    // The customer's e-mail and notification name the discount.
    const mail = await ctx.mail.waitFor(buyer.email, (m) => m.subject.includes("recebido"));
    expect(mail.text).toContain(`Cupom ${code} (10%)`);

    // The only use is taken: the next customer hears it is used up.
    const next = await customer("cupom-esgotado");
    await giveCart(ctx.t.db, next.userId, KIT, 1);
    expect(await refusal(await place(next.browser, code))).toBe(`O cupom ${code} esgotou: já foi usado o máximo de vezes.`);

    // Cancelled: the use comes back and the next customer gets it; their order expires and gives it back too.
    expect((await ctx.request(`/api/admin/orders/${order.id}/cancel`, { browser: admin, json: {} })).status).toBe(200);
    const second = await orderOf(next.browser, await place(next.browser, code));
    expect(second.discountCents).toBeGreaterThan(0);
    await expirePendingOrders(ctx.t.services, { now: new Date(Date.now() + 24 * 3600_000), userId: next.userId });
    const [row] = await ctx.t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.uses).toBe(0);
    const redemptions = await ctx.t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(redemptions.map((r) => r.releasedAt !== null)).toEqual([true, true]);
  });

  it("a coupon and credit together: the coupon first, then credit, never below a cent", async () => {
    const code = newCode("FRETE");
    await createCoupon({ code, kind: "free_shipping" });
    const buyer = await customer("frete-e-credito");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const order = await orderOf(buyer.browser, await place(buyer.browser, code, { useCredits: true }));
    expect(order.discounts).toEqual([{ kind: "coupon", label: `Cupom ${code} (frete grátis)`, amountCents: order.shippingCents }]);
    expect(order.totalCents).toBe(order.subtotalCents + order.packagingCents);
  });

  it("binds the idempotency key to the coupon and the credit choice", async () => {
    const code = newCode("CHAVE");
    await createCoupon({ code, kind: "fixed", value: 500 });
    const buyer = await customer("chave-cupom");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const key = crypto.randomUUID();
    const first = await ctx.request("/api/checkout/orders", {
      browser: buyer.browser,
      json: {
        idempotencyKey: key,
        address: CHECKOUT_ADDRESS,
        shippingMethod: "pac",
        confirmAdult: true,
        acceptTerms: true,
        couponCode: code,
      },
    });
    expect(first.status).toBe(201);
    for (const changed of [{ couponCode: "OUTRO" }, { couponCode: code, useCredits: true }]) {
      const reused = await ctx.request("/api/checkout/orders", {
        browser: buyer.browser,
        json: { idempotencyKey: key, address: CHECKOUT_ADDRESS, shippingMethod: "pac", confirmAdult: true, acceptTerms: true, ...changed },
      });
      expect(reused.status).toBe(422);
      expect(((await reused.json()) as ErrorJson).error.code).toBe("idempotency_key_reused");
    }
  });
});

describe("each rule at its limit", () => {
  it("minimum subtotal: one cent short is refused, exactly the minimum applies", async () => {
    const buyer = await customer("minimo");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const review = (await (await preview(buyer.browser, "NENHUM")).json()) as ErrorJson;
    expect(review.error.message).toBe("Cupom NENHUM não encontrado. Confira o código.");
    const order = await orderOf(buyer.browser, await place(buyer.browser, ""));
    const subtotal = order.subtotalCents;
    await ctx.request(`/api/admin/orders/${order.id}/cancel`, { browser: admin, json: {} });

    const short = newCode("MINIMO");
    await createCoupon({ code: short, kind: "fixed", value: 100, minSubtotalCents: subtotal + 1 });
    expect(await refusal(await preview(buyer.browser, short))).toMatch(
      new RegExp(`^O cupom ${short} vale para compras a partir de R\\$\\s[\\d.,]+ em produtos\\.$`),
    );
    const exact = newCode("MINIMO");
    await createCoupon({ code: exact, kind: "fixed", value: 100, minSubtotalCents: subtotal });
    expect((await preview(buyer.browser, exact)).status).toBe(200);
  });

  it("validity: not yet started, ended, and still running", async () => {
    const buyer = await customer("validade");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const soon = newCode("LOGO");
    await createCoupon({ code: soon, kind: "percent", value: 5, startsAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(await refusal(await preview(buyer.browser, soon))).toContain(`O cupom ${soon} vale a partir de`);
    const ended = newCode("ACABOU");
    await createCoupon({
      code: ended,
      kind: "percent",
      value: 5,
      startsAt: new Date(Date.now() - 7200_000).toISOString(),
      endsAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await refusal(await preview(buyer.browser, ended))).toContain(`O cupom ${ended} expirou em`);
    const running = newCode("VALE");
    await createCoupon({ code: running, kind: "percent", value: 5, endsAt: new Date(Date.now() + 3600_000).toISOString() });
    expect((await preview(buyer.browser, running)).status).toBe(200);
  });

  it("uses per customer: the limit, and a cancelled order's use that comes back", async () => {
    const code = newCode("UMAVEZ");
    await createCoupon({ code, kind: "fixed", value: 300, maxUsesPerCustomer: 1 });
    const buyer = await customer("por-cliente");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const first = await orderOf(buyer.browser, await place(buyer.browser, code));
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    expect(await refusal(await preview(buyer.browser, code))).toBe(`Você já usou o cupom ${code} o máximo de vezes permitido.`);
    expect((await ctx.request(`/api/admin/orders/${first.id}/cancel`, { browser: admin, json: {} })).status).toBe(200);
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    expect((await preview(buyer.browser, code)).status).toBe(200);
  });

  it("first purchase only: a cancelled order was no purchase; a placed one is", async () => {
    const code = newCode("PRIMEIRA");
    await createCoupon({ code, kind: "percent", value: 15, firstPurchaseOnly: true });
    const buyer = await customer("primeira");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const plain = await checkOut(ctx, buyer.browser);
    await ctx.request(`/api/admin/orders/${plain}/cancel`, { browser: admin, json: {} });
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    expect((await preview(buyer.browser, code)).status).toBe(200);
    await orderOf(buyer.browser, await place(buyer.browser, code));
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    expect(await refusal(await preview(buyer.browser, code))).toBe(`O cupom ${code} vale só na primeira compra.`);
  });

  it("free shipping needs something to ship", async () => {
    const code = newCode("SEMFRETE");
    await createCoupon({ code, kind: "free_shipping" });
    const buyer = await customer("curso");
    await giveCart(ctx.t.db, buyer.userId, COURSE, 1);
    expect(await refusal(await preview(buyer.browser, code))).toBe(`O cupom ${code} é de frete grátis, e este pedido não tem frete.`);
  });

  it("a free-shipping coupon applies in the preview once the freight is chosen, and the order takes that freight off (issue 28 item 7)", async () => {
    const code = newCode("FRETEGRATIS");
    await createCoupon({ code, kind: "free_shipping" });
    const buyer = await customer("frete-gratis-previa");
    await giveCart(ctx.t.db, buyer.userId, KIT, 1);
    const chosen = { couponCode: code, cep: CHECKOUT_ADDRESS.cep, shippingMethod: "pac" };
    const answer = await ctx.request("/api/checkout/coupon-preview", { browser: buyer.browser, json: chosen });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(((await answer.json()) as { coupon: { code: string; kind: string } }).coupon).toMatchObject({ code, kind: "free_shipping" });
    const order = await orderOf(buyer.browser, await place(buyer.browser, code));
    expect(order.shippingCents).toBeGreaterThan(0);
    expect(order.discounts).toEqual([{ kind: "coupon", label: `Cupom ${code} (frete grátis)`, amountCents: order.shippingCents }]);
  });

  it("the preview needs a session", async () => {
    expect((await ctx.request("/api/checkout/coupon-preview", { json: { couponCode: "QUALQUER" } })).status).toBe(401);
  });
});

describe("parallel redemptions", () => {
  /** Twenty orders placed at once, each in its own transaction as place-order does; the coupon's discount of each. */
  async function redeemInParallel(code: string, userIds: string[]): Promise<PromiseSettledResult<number>[]> {
    const amounts = { subtotalCents: 10_000, packagingCents: 0, shippingCents: 0, needsShipping: false };
    return Promise.allSettled(
      userIds.map((userId, i) =>
        ctx.t.db.transaction(async (tx) => {
          const discounts = await priceOrderDiscounts(tx, userId, { couponCode: code }, amounts);
          const [row] = await tx
            .insert(orders)
            .values({
              userId,
              customerEmail: `${userId}@example.com`,
              customerName: "Corrida",
              subtotalCents: 10_000,
              discountCents: discounts.discountCents,
              totalCents: discounts.totalCents,
              pixTxid: `cupom${i}${crypto.randomUUID().slice(0, 12)}`,
              pixCode: "pix",
              pixExpiresAt: new Date(Date.now() + 3600_000),
            })
            .returning({ id: orders.id });
          await recordOrderDiscounts(tx, row!.id, userId, discounts);
          return discounts.discountCents;
        }),
      ),
    );
  }

  async function someUsers(n: number): Promise<string[]> {
    const rows = Array.from({ length: n }, () => ({ id: crypto.randomUUID(), name: "Corrida", email: uniqueEmail("corrida") }));
    await ctx.t.db.insert(users).values(rows);
    return rows.map((row) => row.id);
  }

  it("twenty customers at once on a coupon of five uses: five get it, fifteen hear it is used up", async () => {
    const code = newCode("CINCO");
    const coupon = await createCoupon({ code, kind: "fixed", value: 1000, maxUses: 5 });
    const results = await redeemInParallel(code, await someUsers(20));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const r of refused) expect((r.reason as Error).message).toBe(`O cupom ${code} esgotou: já foi usado o máximo de vezes.`);
    const [row] = await ctx.t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.uses).toBe(5);
  });

  it("one customer twenty times at once on a coupon of one use per customer: once", async () => {
    const code = newCode("SOUMA");
    await createCoupon({ code, kind: "percent", value: 20, maxUsesPerCustomer: 1 });
    const [userId] = await someUsers(1);
    const results = await redeemInParallel(
      code,
      Array.from({ length: 20 }, () => userId!),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});
