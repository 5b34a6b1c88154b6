/**
 * The credit ledger (docs/requirements.md "Referrals", decision 027). Entries are only added; each one also
 * moves the customer's referral_links.total_credits in the same transaction, so that column is
 * always the ledger's sum. A spend locks that row first: parallel checkouts of one customer take
 * turns on it, and each sees what the previous one left.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { creditEntries, referralLinks } from "#platform/db/schema.ts";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "#domain/referrals/referral-rules.ts";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

export function newReferralCode(): string {
  return Array.from(randomBytes(REFERRAL_CODE_LENGTH), (byte) => REFERRAL_CODE_ALPHABET[byte % REFERRAL_CODE_ALPHABET.length]).join("");
}

type NewEntry = {
  userId: string;
  kind: (typeof creditEntries.$inferInsert)["kind"];
  amountCents: number;
  orderId?: string | null;
  referralId?: string | null;
};

/**
 * Adds an entry and moves the balance with it. An entry that already exists (the same reward, or
 * the same order's payment or return: unique indexes) changes nothing and answers false.
 */
export async function addCreditEntry(tx: Tx, entry: NewEntry): Promise<boolean> {
  const inserted = await tx.insert(creditEntries).values(entry).onConflictDoNothing().returning({ id: creditEntries.id });
  if (inserted.length === 0) return false;
  const moved = await tx
    .update(referralLinks)
    .set({ totalCredits: sql`${referralLinks.totalCredits} + ${entry.amountCents}` })
    .where(eq(referralLinks.userId, entry.userId))
    .returning({ id: referralLinks.id });
  // The customer may never have opened their link: the first entry (a reward: only credit can come first) creates it.
  if (moved.length === 0) {
    await tx
      .insert(referralLinks)
      .values({ userId: entry.userId, code: newReferralCode(), totalCredits: entry.amountCents })
      .onConflictDoUpdate({
        target: referralLinks.userId,
        set: { totalCredits: sql`${referralLinks.totalCredits} + ${entry.amountCents}` },
      });
  }
  return true;
}

/**
 * The customer's balance, its row locked until the transaction ends: the checkout that spends it
 * reads it here, so twenty parallel checkouts spending the same credit take turns and spend it once.
 */
export async function lockCreditBalance(tx: Tx, userId: string): Promise<number> {
  const [link] = await tx
    .select({ totalCredits: referralLinks.totalCredits })
    .from(referralLinks)
    .where(eq(referralLinks.userId, userId))
    .for("update");
  return link?.totalCredits ?? 0;
}

/** The customer's balance as a checkout would spend it now (no lock: a preview). */
export async function creditBalance(db: Executor, userId: string): Promise<number> {
  const [link] = await db.select({ totalCredits: referralLinks.totalCredits }).from(referralLinks).where(eq(referralLinks.userId, userId));
  return link?.totalCredits ?? 0;
}

/** An order that ended unpaid or was undone gives back the credit it spent, once. */
export async function returnOrderCredit(tx: Tx, orderId: string): Promise<number> {
  const [payment] = await tx
    .select({ userId: creditEntries.userId, amountCents: creditEntries.amountCents })
    .from(creditEntries)
    .where(and(eq(creditEntries.orderId, orderId), eq(creditEntries.kind, "order_payment")));
  if (!payment) return 0;
  const added = await addCreditEntry(tx, { userId: payment.userId, kind: "order_return", amountCents: -payment.amountCents, orderId });
  return added ? -payment.amountCents : 0;
}
