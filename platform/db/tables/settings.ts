import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";

/*
 * The shop's settings as its owner saved them.
 * Owned by domain/settings/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-settings-owned-by-domain-settings`).
 */

/**
 * The shop's settings as its owner saved them from the admin (issue 28 item 1, decision 055): at
 * most one row. `values` holds only what the owner set; the environment's values fill the rest (the
 * defaults of a first start). Read through a per-process copy, like maintenance mode.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: boolean("id").primaryKey().default(true),
    values: jsonb("values").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("shop_settings_one_row", sql`${t.id}`)],
);
