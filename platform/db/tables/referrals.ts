import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "#platform/db/tables/auth.ts";
import { orders } from "#platform/db/tables/orders.ts";

/*
 * Referral links, who signed up through whose link, and the credit ledger.
 * Owned by domain/referrals/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/**
 * A customer's referral link (spec §3). `total_credits` is the sum of the customer's credit_entries,
 * kept here by every ledger write in its own transaction (decision 027): the row is the lock that
 * makes a spend see the balance it spends, and the check keeps it from going below zero.
 */
export const referralLinks = pgTable(
  "referral_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    code: text("code").notNull().unique(),
    totalCredits: integer("total_credits").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_links_one_per_user").on(t.userId), check("referral_links_credits", sql`${t.totalCredits} >= 0`)],
);

/**
 * Who signed up through whose link (decision 027): one referrer per account, never oneself.
 * `rewarded_at`: when the referred customer's first paid order earned the referrer's credit.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerUserId: text("referrer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredUserId: text("referred_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referrals_referrer").on(t.referrerUserId, t.createdAt),
    check("referrals_not_self", sql`${t.referrerUserId} <> ${t.referredUserId}`),
  ],
);

export const creditEntryKind = pgEnum("credit_entry_kind", ["referral_reward", "order_payment", "order_return"]);

/**
 * The credit ledger (docs/requirements.md "Referrals"): rows are only added. A reward per referral, a payment
 * and its return per order, at most once each (the unique indexes), whatever retries or races.
 */
export const creditEntries = pgTable(
  "credit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: creditEntryKind("kind").notNull(),
    /** Signed: rewards and returns add, payments subtract. */
    amountCents: integer("amount_cents").notNull(),
    referralId: uuid("referral_id").references(() => referrals.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_entries_user").on(t.userId, t.createdAt),
    uniqueIndex("credit_entries_one_reward")
      .on(t.referralId)
      .where(sql`kind = 'referral_reward'`),
    uniqueIndex("credit_entries_once_per_order")
      .on(t.kind, t.orderId)
      .where(sql`order_id is not null`),
    check("credit_entries_amount", sql`${t.amountCents} <> 0`),
  ],
);
