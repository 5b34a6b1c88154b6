/**
 * Referrals (docs/requirements.md "Referrals", decision 027): the customer's link, who signed up through it,
 * and the credit its owner earns when such a customer's first order is paid.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import type { Config } from "#platform/config.ts";
import { creditEntries, referralLinks, referrals } from "#platform/db/tables/referrals.ts";
import { addCreditEntry, newReferralCode, type Tx } from "#domain/referrals/credit-ledger.server.ts";
import { firstName, normalizeReferralCode } from "#domain/referrals/referral-rules.ts";
import type { ReferralSummary } from "#domain/referrals/referral-schemas.ts";

/** The customer's link, created on first use (one per customer: a unique index). */
async function linkOf(db: Database, userId: string): Promise<{ code: string; totalCredits: number }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await db
      .select({ code: referralLinks.code, totalCredits: referralLinks.totalCredits })
      .from(referralLinks)
      .where(eq(referralLinks.userId, userId));
    if (row) return row;
    // A concurrent first read (or, once in a great while, another customer's equal code) wins: read again.
    await db.insert(referralLinks).values({ userId, code: newReferralCode() }).onConflictDoNothing();
  }
  throw new Error("could not create a referral link");
}

const LEDGER_SHOWN = 100;

/**
 * What the summary reads of other modules' tables, passed in by the caller: auth and orders import
 * this module, so it cannot call them (decision 048).
 */
export type ReferralLookups = {
  /** The names of these accounts, by id; accounts that are gone are left out. */
  accountNames(db: Database, userIds: readonly string[]): Promise<Map<string, string>>;
  /** The numbers of these orders, by id: only the customer's own (another's is never shown). */
  customerOrderNumbers(db: Database, userId: string, orderIds: readonly string[]): Promise<Map<string, number>>;
};

/** GET /api/account/referral: the link, total_credits (the ledger's sum), the people referred and the ledger. */
export async function referralSummary(db: Database, publicUrl: string, userId: string, lookups: ReferralLookups): Promise<ReferralSummary> {
  const { code, totalCredits } = await linkOf(db, userId);
  const [referredRows, entryRows] = await Promise.all([
    db
      .select({ referredUserId: referrals.referredUserId, joinedAt: referrals.createdAt, rewardedAt: referrals.rewardedAt })
      .from(referrals)
      .where(eq(referrals.referrerUserId, userId))
      .orderBy(desc(referrals.createdAt))
      .limit(LEDGER_SHOWN),
    db
      .select({
        kind: creditEntries.kind,
        amountCents: creditEntries.amountCents,
        createdAt: creditEntries.createdAt,
        orderId: creditEntries.orderId,
      })
      .from(creditEntries)
      .where(eq(creditEntries.userId, userId))
      .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
      .limit(LEDGER_SHOWN),
  ]);
  const [names, orderNumbers] = await Promise.all([
    lookups.accountNames(
      db,
      referredRows.map((row) => row.referredUserId),
    ),
    // A reward's order is the referred customer's: never shown to the referrer.
    lookups.customerOrderNumbers(
      db,
      userId,
      entryRows.flatMap((row) => (row.orderId ? [row.orderId] : [])),
    ),
  ]);
  const referred = referredRows.flatMap((row) => {
    const name = names.get(row.referredUserId);
    return name === undefined ? [] : [{ ...row, name }];
  });
  const entries = entryRows.map((row) => ({ ...row, orderNumber: row.orderId ? (orderNumbers.get(row.orderId) ?? null) : null }));
  return {
    code,
    link: new URL(`/?ref=${code}`, publicUrl).toString(),
    totalCredits,
    referred: referred.map((row) => ({
      firstName: firstName(row.name),
      joinedAt: row.joinedAt.toISOString(),
      rewarded: row.rewardedAt !== null,
    })),
    entries: entries.map((row) => ({
      kind: row.kind,
      amountCents: row.amountCents,
      orderNumber: row.kind === "referral_reward" ? null : row.orderNumber,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * A new account that signed up with a referral code (the cookie of a visited link): recorded once
 * per account (unique), never to oneself, and only for a code that exists. Answers whether it was.
 */
export async function recordReferral(db: Database, referredUserId: string, rawCode: string | null | undefined): Promise<boolean> {
  const code = normalizeReferralCode(rawCode);
  if (!code) return false;
  const [link] = await db.select({ userId: referralLinks.userId }).from(referralLinks).where(eq(referralLinks.code, code));
  if (!link || link.userId === referredUserId) return false;
  const inserted = await db
    .insert(referrals)
    .values({ referrerUserId: link.userId, referredUserId, code })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length > 0;
}

/**
 * In the transaction that marks an order paid: when its customer was referred and this is the
 * first of their orders to be paid, the referrer earns the configured credit, once (the
 * conditional update claims the referral; a second paid order finds it rewarded).
 */
export async function rewardReferrer(tx: Tx, config: Pick<Config, "REFERRAL_CREDIT_CENTS">, order: { id: string; userId: string | null }) {
  if (!order.userId || config.REFERRAL_CREDIT_CENTS <= 0) return;
  const [referral] = await tx
    .update(referrals)
    .set({ rewardedAt: new Date() })
    .where(and(eq(referrals.referredUserId, order.userId), isNull(referrals.rewardedAt)))
    .returning({ id: referrals.id, referrerUserId: referrals.referrerUserId });
  if (!referral) return;
  await addCreditEntry(tx, {
    userId: referral.referrerUserId,
    kind: "referral_reward",
    amountCents: config.REFERRAL_CREDIT_CENTS,
    referralId: referral.id,
    orderId: order.id,
  });
}
