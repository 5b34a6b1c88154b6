import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "#platform/db/tables/auth.ts";
import { orders } from "#platform/db/tables/orders.ts";

/*
 * Coupons and their redemptions.
 * Owned by domain/coupons/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

export const couponKind = pgEnum("coupon_kind", ["percent", "fixed", "free_shipping"]);

/**
 * The admin's coupons (decision 028). `uses` counts the redemptions of live orders; the coupon's row
 * is locked by each redemption, so the limits hold under any number of parallel checkouts, and the
 * check is the last guard.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case, as customers type it in any case. */
    code: text("code").notNull().unique(),
    kind: couponKind("kind").notNull(),
    /** percent: 1–100; fixed: cents off the products; free_shipping: null. */
    value: integer("value"),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    active: boolean("active").notNull().default(true),
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "coupons_value",
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free_shipping' and ${t.value} is null)`,
    ),
    check("coupons_uses", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check(
      "coupons_limits",
      sql`${t.minSubtotalCents} >= 0 and (${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0)`,
    ),
    check("coupons_dates", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/** One coupon used by one order; `released_at` set when the order was cancelled, expired or refunded. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    discountCents: integer("discount_cents").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coupon_redemptions_coupon_user").on(t.couponId, t.userId)],
);
