import { and, eq, inArray, sum } from "drizzle-orm";
import { users } from "#platform/db/tables/auth.ts";
import { describe, expect, it } from "vitest";
import { orders } from "#platform/db/tables/orders.ts";
import { creditEntries, referralLinks } from "#platform/db/tables/referrals.ts";
import { addCreditEntry, creditBalance, lockCreditBalance, returnOrderCredit } from "#domain/referrals/credit-ledger.server.ts";
import { recordReferral, type ReferralLookups, referralSummary, rewardReferrer } from "#domain/referrals/referrals.server.ts";
import { makeCustomer, placedOrder } from "#test/builders.ts";
import { setUpTestDatabase } from "#test/database.ts";

// Referral links and the credit ledger (decision 027): money the shop owes its customers.
const t = setUpTestDatabase();
const PUBLIC_URL = "https://loja.example";
/** What the API passes in (server/api/referrals.ts: auth's accountNames, orders' customerOrderNumbers), read here from the tables. */
const LOOKUPS: ReferralLookups = {
  async accountNames(db, ids) {
    const rows = ids.length
      ? await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [...ids]))
      : [];
    return new Map(rows.map((row) => [row.id, row.name]));
  },
  async customerOrderNumbers(db, userId, ids) {
    const rows = ids.length
      ? await db
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(and(inArray(orders.id, [...ids]), eq(orders.userId, userId)))
      : [];
    return new Map(rows.map((row) => [row.id, row.number]));
  },
};
const REWARD = { REFERRAL_CREDIT_CENTS: 1_000 };
const COURSE = 201; // educational: nothing to ship

/** The customer's balance and the sum of their ledger, which must always agree. */
async function balanceAndLedger(userId: string): Promise<[number, number]> {
  const [ledger] = await t.db
    .select({ total: sum(creditEntries.amountCents) })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId));
  return [await creditBalance(t.db, userId), Number(ledger?.total ?? 0)];
}

async function referredPair() {
  const referrer = await makeCustomer(t.db, "Ana Souza");
  const referred = await makeCustomer(t.db, "Bruno Lima Costa");
  const { code } = await referralSummary(t.db, PUBLIC_URL, referrer.id, LOOKUPS);
  expect(await recordReferral(t.db, referred.id, code.toLowerCase())).toBe(true);
  return { referrer, referred, code };
}

describe("a customer's referral link", () => {
  it("is made on first use, the same afterwards, and links to the shop with ?ref=", async () => {
    const customer = await makeCustomer(t.db);
    const first = await referralSummary(t.db, PUBLIC_URL, customer.id, LOOKUPS);
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(first.link).toBe(`${PUBLIC_URL}/?ref=${first.code}`);
    expect(first.totalCredits).toBe(0);
    expect((await referralSummary(t.db, PUBLIC_URL, customer.id, LOOKUPS)).code).toBe(first.code);
  });

  it("records a sign-up once, never to oneself, never for a code that is not ours", async () => {
    const { referrer, referred, code } = await referredPair();
    expect(await recordReferral(t.db, referred.id, code)).toBe(false);
    expect(await recordReferral(t.db, referrer.id, code)).toBe(false);
    const stranger = await makeCustomer(t.db);
    expect(await recordReferral(t.db, stranger.id, "ZZZZZZZZ")).toBe(false);
    expect(await recordReferral(t.db, stranger.id, "não é um código")).toBe(false);
    expect(await recordReferral(t.db, stranger.id, null)).toBe(false);
  });
});

describe("the referrer's reward", () => {
  it("is paid once, on the referred customer's first paid order, and shows only the referred person's first name", async () => {
    const { referrer, referred } = await referredPair();
    const first = await placedOrder(t.services, referred, COURSE);
    const second = await placedOrder(t.services, referred, COURSE);
    for (const id of [first, second, first]) {
      await t.db.transaction((tx) => rewardReferrer(tx, REWARD, { id, userId: referred.id }));
    }
    expect(await balanceAndLedger(referrer.id)).toEqual([1_000, 1_000]);
    const summary = await referralSummary(t.db, PUBLIC_URL, referrer.id, LOOKUPS);
    expect(summary.referred).toEqual([{ firstName: "Bruno", joinedAt: expect.any(String), rewarded: true }]);
    // The referred customer's order is theirs: its number is never shown to the referrer.
    expect(summary.entries).toEqual([{ kind: "referral_reward", amountCents: 1_000, orderNumber: null, createdAt: expect.any(String) }]);
  });

  it("is nothing when the shop pays no reward, or for a customer nobody referred", async () => {
    const { referrer, referred } = await referredPair();
    const orderId = await placedOrder(t.services, referred, COURSE);
    await t.db.transaction((tx) => rewardReferrer(tx, { REFERRAL_CREDIT_CENTS: 0 }, { id: orderId, userId: referred.id }));
    expect(await balanceAndLedger(referrer.id)).toEqual([0, 0]);
    const alone = await makeCustomer(t.db);
    const own = await placedOrder(t.services, alone, COURSE);
    await t.db.transaction((tx) => rewardReferrer(tx, REWARD, { id: own, userId: alone.id }));
    expect(await balanceAndLedger(alone.id)).toEqual([0, 0]);
  });
});

/** Credit as customers earn it: a reward for someone they referred, whose first order was paid. */
async function earnCredit(userId: string, cents: number): Promise<void> {
  const { code } = await referralSummary(t.db, PUBLIC_URL, userId, LOOKUPS);
  const referred = await makeCustomer(t.db);
  expect(await recordReferral(t.db, referred.id, code)).toBe(true);
  const orderId = await placedOrder(t.services, referred, COURSE);
  await t.db.transaction((tx) => rewardReferrer(tx, { REFERRAL_CREDIT_CENTS: cents }, { id: orderId, userId: referred.id }));
}

describe("the credit ledger", () => {
  it("moves the balance with every entry, and an entry repeated (the same order's payment) changes nothing", async () => {
    const customer = await makeCustomer(t.db);
    const orderId = await placedOrder(t.services, customer, COURSE);
    await earnCredit(customer.id, 2_500);
    await t.db.transaction(async (tx) => {
      expect(await addCreditEntry(tx, { userId: customer.id, kind: "order_payment", amountCents: -700, orderId })).toBe(true);
      expect(await addCreditEntry(tx, { userId: customer.id, kind: "order_payment", amountCents: -700, orderId })).toBe(false);
    });
    expect(await balanceAndLedger(customer.id)).toEqual([1_800, 1_800]);
  });

  it("gives back an order's spent credit once, however often the order is undone", async () => {
    const customer = await makeCustomer(t.db);
    const orderId = await placedOrder(t.services, customer, COURSE);
    await earnCredit(customer.id, 1_000);
    await t.db.transaction((tx) => addCreditEntry(tx, { userId: customer.id, kind: "order_payment", amountCents: -600, orderId }));
    expect(await t.db.transaction((tx) => returnOrderCredit(tx, orderId))).toBe(600);
    expect(await t.db.transaction((tx) => returnOrderCredit(tx, orderId))).toBe(0);
    expect(await balanceAndLedger(customer.id)).toEqual([1_000, 1_000]);
    const other = await placedOrder(t.services, customer, COURSE);
    expect(await t.db.transaction((tx) => returnOrderCredit(tx, other))).toBe(0);
  });

  it("lets parallel spends of one balance take turns: ten spending R$ 10,00 of R$ 30,00 leave three paid, none below zero", async () => {
    const customer = await makeCustomer(t.db);
    await earnCredit(customer.id, 3_000);
    const orderIds: string[] = [];
    for (let i = 0; i < 10; i++) orderIds.push(await placedOrder(t.services, customer, COURSE));
    const spent = await Promise.all(
      orderIds.map((orderId) =>
        t.db.transaction(async (tx) => {
          const balance = await lockCreditBalance(tx, customer.id);
          if (balance < 1_000) return false;
          return addCreditEntry(tx, { userId: customer.id, kind: "order_payment", amountCents: -1_000, orderId });
        }),
      ),
    );
    expect(spent.filter(Boolean)).toHaveLength(3);
    expect(await balanceAndLedger(customer.id)).toEqual([0, 0]);
    const [link] = await t.db.select().from(referralLinks).where(eq(referralLinks.userId, customer.id));
    expect(link!.totalCredits).toBe(0);
    expect((await t.db.select().from(orders).where(eq(orders.userId, customer.id))).length).toBe(10);
  });
});
