import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/*
 * Shipping prices: by the CEP's region and method, plus weight bands.
 * Owned by domain/shipping/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/**
 * Shipping prices by region (the CEP's first digit range) and method; the admin edits them later.
 * A CEP is in a row's region when its 8 digits lie between cep_from and cep_to.
 */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    region: text("region").notNull(),
    cepFrom: text("cep_from").notNull(),
    cepTo: text("cep_to").notNull(),
    method: text("method").notNull(),
    label: text("label").notNull(),
    priceCents: integer("price_cents").notNull(),
    deliveryDays: integer("delivery_days").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipping_rates_region_method").on(t.cepFrom, t.method),
    check("shipping_rates_cep_range", sql`${t.cepFrom} ~ '^[0-9]{8}$' and ${t.cepTo} ~ '^[0-9]{8}$' and ${t.cepFrom} <= ${t.cepTo}`),
    check("shipping_rates_price", sql`${t.priceCents} >= 0 and ${t.deliveryDays} > 0`),
  ],
);

/**
 * Weight bands added to the region's price of `shipping_rates` (the quote is region price + the
 * band's surcharge and extra days). A cart heavier than the largest band of a method cannot use it.
 */
export const shippingWeightBands = pgTable(
  "shipping_weight_bands",
  {
    method: text("method").notNull(),
    maxWeightGrams: integer("max_weight_grams").notNull(),
    surchargeCents: integer("surcharge_cents").notNull(),
    extraDays: integer("extra_days").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.method, t.maxWeightGrams] }),
    check("shipping_weight_bands_values", sql`${t.maxWeightGrams} > 0 and ${t.surchargeCents} >= 0 and ${t.extraDays} >= 0`),
  ],
);

/**
 * Live freight quotes (decision 073), shared by every instance so the cart, the checkout and the
 * order read the same options and prices for a few minutes. `key` names the quote: provider, from
 * and to CEP, the parcel and the services asked; `answer` is the options as the shop shows them.
 * Expired rows are deleted as new ones are written.
 */
export const shippingQuoteCache = pgTable(
  "shipping_quote_cache",
  {
    key: text("key").primaryKey(),
    source: text("source").notNull(),
    options: jsonb("options").$type<Array<{ method: string; label: string; priceCents: number; deliveryDays: number }>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("shipping_quote_cache_expires_at").on(t.expiresAt)],
);
