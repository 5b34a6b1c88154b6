import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditEntries, orders, referralLinks, referrals, users } from "#platform/db/schema.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkOut, giveCart, CHECKOUT_ADDRESS } from "#test/builders.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { priceOrderDiscounts, recordOrderDiscounts } from "#domain/checkout/checkout-discounts.server.ts";
import { addCreditEntry } from "#domain/referrals/credit-ledger.server.ts";
import { recordReferral } from "#domain/referrals/referrals.server.ts";
import type { ReferralSummary } from "#domain/referrals/referral-schemas.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";

/*
 * Issue 19 item 1, decision 027: a referral link's cookie, the sign-up that records it, the credit a
 * first paid order earns the referrer, spending it at checkout and getting it back. Real PostgreSQL,
 * real SMTP, the shop's own HTTP API.
 */

const KIT = 4; // liquid-culture kit, sold by the unit, shipped

let ctx: AuthTestContext;
let admin: Browser;
let addresses = 0;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  const email = uniqueEmail("admin-indicacao");
  await ctx.makeAdmin(email);
  admin = await ctx.customer(email, new Browser("198.51.100.200"));
}, 60_000);
afterAll(async () => ctx?.close());

const nextBrowser = () => new Browser(`198.51.100.${++addresses + 20}`);

async function summary(browser: Browser): Promise<ReferralSummary> {
  const response = await ctx.request("/api/account/referral", { browser });
  expect(response.status).toBe(200);
  return (await response.json()) as ReferralSummary;
}

async function order(browser: Browser, id: string): Promise<OrderDetail> {
  const response = await ctx.request(`/api/orders/${id}`, { browser });
  expect(response.status).toBe(200);
  return (await response.json()) as OrderDetail;
}

async function confirmPaid(orderId: string) {
  expect((await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);
}

/** A customer with their own account; `via` is a browser that already holds a referral cookie. */
async function customer(label: string, via?: Browser, name = "Cliente Teste") {
  const email = uniqueEmail(label);
  const browser = via ?? nextBrowser();
  expect((await ctx.signUp(email, { browser, name })).status).toBe(200);
  expect((await ctx.verify(email, browser)).status).toBe(302);
  return { browser, email, userId: await ctx.userId(email) };
}

function placeWithCredit(browser: Browser, idempotencyKey: string = crypto.randomUUID()) {
  return ctx.request("/api/checkout/orders", {
    browser,
    json: { idempotencyKey, address: CHECKOUT_ADDRESS, shippingMethod: "pac", confirmAdult: true, acceptTerms: true, useCredits: true },
  });
}

describe("the referral journey", () => {
  it("link cookie → sign-up → first paid order → credit → spent at checkout → cancelled and expired orders give it back", async () => {
    const referrer = await customer("quem-indica");
    const { code, link } = await summary(referrer.browser);
    expect(link).toBe(`http://localhost:3000/?ref=${code}`);

    // The friend opens the link: a 30-day first-party cookie with the code and nothing else.
    const friendBrowser = nextBrowser();
    const visit = await ctx.request(`/?ref=${code.toLowerCase()}`, { browser: friendBrowser });
    const cookie = visit.headers.getSetCookie().find((line) => line.startsWith("loja.ref="));
    expect(cookie).toMatch(new RegExp(`^loja\\.ref=${code}; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly$`));
    expect(visit.headers.get("cache-control")).toBe("private, no-store");
    // A page without a code, or with a code that cannot be ours, sets nothing.
    expect((await ctx.request("/?ref=nada!", { browser: nextBrowser() })).headers.getSetCookie()).toEqual([]);
    expect((await ctx.request("/produto/x", { browser: nextBrowser() })).headers.getSetCookie()).toEqual([]);

    const friend = await customer("amiga", friendBrowser, "Ana Beatriz Souza");
    const [recorded] = await ctx.t.db.select().from(referrals).where(eq(referrals.referredUserId, friend.userId));
    expect(recorded).toMatchObject({ referrerUserId: referrer.userId, code, rewardedAt: null });

    // Placed but not paid: nothing earned yet.
    await giveCart(ctx.t.db, friend.userId, KIT);
    const firstOrder = await checkOut(ctx, friend.browser);
    expect((await summary(referrer.browser)).totalCredits).toBe(0);

    await confirmPaid(firstOrder);
    const earned = await summary(referrer.browser);
    expect(earned.totalCredits).toBe(1000);
    // First name only; the friend's order number is not the referrer's to see.
    expect(earned.referred).toEqual([{ firstName: "Ana", joinedAt: expect.any(String), rewarded: true }]);
    expect(earned.entries).toEqual([{ kind: "referral_reward", amountCents: 1000, orderNumber: null, createdAt: expect.any(String) }]);

    // The friend's second paid order earns nothing more.
    await giveCart(ctx.t.db, friend.userId, KIT);
    await confirmPaid(await checkOut(ctx, friend.browser));
    expect((await summary(referrer.browser)).totalCredits).toBe(1000);
    // The friend sees their own (empty) ledger, never the referrer's.
    expect(await summary(friend.browser)).toMatchObject({ totalCredits: 0, referred: [], entries: [] });

    // The referrer spends it at checkout: the order's total, and its Pix, are net of the credit.
    await giveCart(ctx.t.db, referrer.userId, KIT);
    const placed = await placeWithCredit(referrer.browser);
    expect(placed.status).toBe(201);
    const spentOn = await order(referrer.browser, ((await placed.json()) as { orderId: string }).orderId);
    expect(spentOn.discounts).toEqual([{ kind: "credit", label: "Crédito de indicação", amountCents: 1000 }]);
    expect(spentOn.discountCents).toBe(1000);
    expect(spentOn.totalCents).toBe(spentOn.subtotalCents + spentOn.packagingCents + spentOn.shippingCents - 1000);
    expect(spentOn.pix!.code).toContain(
      `54${String((spentOn.totalCents / 100).toFixed(2).length).padStart(2, "0")}${(spentOn.totalCents / 100).toFixed(2)}`,
    );
    const afterSpend = await summary(referrer.browser);
    expect(afterSpend.totalCredits).toBe(0);
    expect(afterSpend.entries[0]).toMatchObject({ kind: "order_payment", amountCents: -1000, orderNumber: spentOn.number });

    // Cancelled: the credit comes back, once (cancelling again is refused and changes nothing).
    expect((await ctx.request(`/api/admin/orders/${spentOn.id}/cancel`, { browser: admin, json: {} })).status).toBe(200);
    expect((await ctx.request(`/api/admin/orders/${spentOn.id}/cancel`, { browser: admin, json: {} })).status).toBe(409);
    const back = await summary(referrer.browser);
    expect(back.totalCredits).toBe(1000);
    expect(back.entries[0]).toMatchObject({ kind: "order_return", amountCents: 1000, orderNumber: spentOn.number });

    // Expired unpaid Pix: the same.
    await giveCart(ctx.t.db, referrer.userId, KIT);
    const again = await placeWithCredit(referrer.browser);
    const againId = ((await again.json()) as { orderId: string }).orderId;
    expect((await summary(referrer.browser)).totalCredits).toBe(0);
    await expirePendingOrders(ctx.t.services, { now: new Date(Date.now() + 24 * 3600_000), userId: referrer.userId });
    expect((await order(referrer.browser, againId)).status).toBe("cancelled");
    expect((await summary(referrer.browser)).totalCredits).toBe(1000);

    // total_credits is the ledger's sum.
    const [sum] = await ctx.t.db
      .select({ total: sql<number>`sum(amount_cents)::int` })
      .from(creditEntries)
      .where(eq(creditEntries.userId, referrer.userId));
    expect(sum!.total).toBe(1000);
  });

  it("credit pays at most the order's total, leaving a cent for the Pix", async () => {
    const rich = await customer("credito-grande");
    await ctx.t.db.transaction((tx) => addCreditEntry(tx, { userId: rich.userId, kind: "referral_reward", amountCents: 1_000_000 }));
    await giveCart(ctx.t.db, rich.userId, KIT);
    const placed = await placeWithCredit(rich.browser);
    expect(placed.status).toBe(201);
    const detail = await order(rich.browser, ((await placed.json()) as { orderId: string }).orderId);
    expect(detail.totalCents).toBe(1);
    expect(detail.discountCents).toBe(detail.subtotalCents + detail.packagingCents + detail.shippingCents - 1);
    expect((await summary(rich.browser)).totalCredits).toBe(1_000_000 - detail.discountCents);
  });

  it("a sign-up without a link, with an unknown code, or its own code records nothing; an account is referred once", async () => {
    const plain = await customer("sem-link");
    const unknown = nextBrowser();
    unknown.cookies.set("loja.ref", "ZZZZZZZZ");
    const stranger = await customer("codigo-desconhecido", unknown);
    const referrer = await customer("indica-duas-vezes");
    const { code } = await summary(referrer.browser);
    const second = await customer("outro-indicador");
    const { code: otherCode } = await summary(second.browser);

    expect(await recordReferral(ctx.t.db, referrer.userId, code)).toBe(false); // never to oneself
    expect(await recordReferral(ctx.t.db, plain.userId, code)).toBe(true);
    expect(await recordReferral(ctx.t.db, plain.userId, code)).toBe(false); // never twice
    expect(await recordReferral(ctx.t.db, plain.userId, otherCode)).toBe(false); // nor by someone else later
    const rows = await ctx.t.db.select().from(referrals).where(eq(referrals.referredUserId, plain.userId));
    expect(rows.map((row) => row.referrerUserId)).toEqual([referrer.userId]);
    expect(await ctx.t.db.select().from(referrals).where(eq(referrals.referredUserId, stranger.userId))).toEqual([]);
    expect(await ctx.t.db.select().from(referrals).where(eq(referrals.referredUserId, referrer.userId))).toEqual([]);
  });

  it("the referral answer needs a session", async () => {
    expect((await ctx.request("/api/account/referral")).status).toBe(401);
  });
});

describe("spending the same credit in parallel", () => {
  it("twenty parallel checkouts of one customer spend R$ 10,00 of credit once", async () => {
    const buyer = await customer("corrida-api");
    await ctx.t.db.transaction((tx) => addCreditEntry(tx, { userId: buyer.userId, kind: "referral_reward", amountCents: 1000 }));
    await giveCart(ctx.t.db, buyer.userId, KIT);
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeWithCredit(buyer.browser)));
    expect(answers.filter((response) => response.status === 201)).toHaveLength(1);
    expect(answers.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    expect((await summary(buyer.browser)).totalCredits).toBe(0);
    const spent = await ctx.t.db.select().from(creditEntries).where(eq(creditEntries.userId, buyer.userId));
    expect(spent.filter((entry) => entry.kind === "order_payment").map((entry) => entry.amountCents)).toEqual([-1000]);
  });

  it("twenty parallel orders of one account, each on its own transaction, apply R$ 10,00 in total and never go below zero", async () => {
    const buyer = await customer("corrida-dominio");
    await ctx.t.db.transaction((tx) => addCreditEntry(tx, { userId: buyer.userId, kind: "referral_reward", amountCents: 1000 }));
    const amounts = { subtotalCents: 400, packagingCents: 0, shippingCents: 0, needsShipping: false };
    const applied = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.t.db.transaction(async (tx) => {
          const discounts = await priceOrderDiscounts(tx, buyer.userId, { useCredits: true }, amounts);
          const [row] = await tx
            .insert(orders)
            .values({
              userId: buyer.userId,
              customerEmail: buyer.email,
              customerName: "Corrida",
              subtotalCents: 400,
              discountCents: discounts.discountCents,
              totalCents: discounts.totalCents,
              pixTxid: `corrida${i}${crypto.randomUUID().slice(0, 8)}`,
              pixCode: "pix",
              pixExpiresAt: new Date(Date.now() + 3600_000),
            })
            .returning({ id: orders.id });
          await recordOrderDiscounts(tx, row!.id, buyer.userId, discounts);
          return discounts.discountCents;
        }),
      ),
    );
    expect(applied.reduce((sum, cents) => sum + cents, 0)).toBe(1000);
    expect(applied.filter((cents) => cents > 0).length).toBe(3); // 399 + 399 + 202
    const [link] = await ctx.t.db.select().from(referralLinks).where(eq(referralLinks.userId, buyer.userId));
    expect(link!.totalCredits).toBe(0);
  });
});

describe("the ledger belongs to its customer", () => {
  it("deleting the account takes its referrals and ledger with it", async () => {
    const referrer = await customer("apagar");
    await ctx.t.db.transaction((tx) => addCreditEntry(tx, { userId: referrer.userId, kind: "referral_reward", amountCents: 500 }));
    await ctx.t.db.delete(users).where(eq(users.id, referrer.userId));
    expect(await ctx.t.db.select().from(creditEntries).where(eq(creditEntries.userId, referrer.userId))).toEqual([]);
  });
});
