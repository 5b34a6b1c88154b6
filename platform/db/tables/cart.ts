import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/*
 * The carts: a visitor's or customer's lines, the shipping chosen on /cart, the adds already applied.
 * Owned by domain/cart/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

export const cartStatus = pgEnum("cart_status", ["active", "completed", "pending_payment"]);

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id"),
    sessionId: uuid("session_id"),
    status: cartStatus("status").notNull().default("active"),
    /** The shipping the customer chose on /cart (spec §3 storage keys mirror it in the browser). */
    shippingMethod: text("shipping_method"),
    shippingPriceCents: integer("shipping_price_cents"),
    /** 8 digits, no dash: the CEP the shipping was quoted for. */
    shippingCep: text("shipping_cep"),
    /** When the abandoned-cart reminder went out (issue 19 item 5); a later change to the cart makes it due again. */
    abandonmentRemindedAt: timestamp("abandonment_reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One active cart per user and per session: concurrent "first add" requests cannot create two.
    uniqueIndex("carts_one_active_per_user")
      .on(t.userId)
      .where(sql`status = 'active' and user_id is not null`),
    uniqueIndex("carts_one_active_per_session")
      .on(t.sessionId)
      .where(sql`status = 'active' and session_id is not null`),
  ],
);

export type PackagingMetadata = { enabled: boolean; fee_amount: number; sachet_count: number };
export type ShippingOption = { method: string; price_cents: number };

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalPriceCents: integer("total_price_cents").notNull(),
    unitType: text("unit_type").notNull().default("gram"),
    shippingOption: jsonb("shipping_option").$type<ShippingOption | null>(),
    metadata: jsonb("metadata").$type<{ packaging?: PackagingMetadata }>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per product: two tabs adding the same product at once end in one line (issue 5).
    // Its leading column also serves every lookup by cart (no separate cart_id index to maintain).
    uniqueIndex("cart_items_one_line_per_product").on(t.cartId, t.productId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_items_prices_not_negative", sql`${t.unitPriceCents} >= 0 and ${t.totalPriceCents} >= 0`),
  ],
);

/**
 * The adds a cart has applied, by the key the browser made for each (decision 004): a replayed add
 * (its answer was lost, the offline queue sends it again) finds its key and changes nothing. The
 * key is scoped to its cart, so another cart's key is just a new add there; keys go with their cart.
 * `request_hash` and `response` (decision 017): the add the key was first sent with, and the answer
 * it got; a replay answers that answer, another request under the key is refused. Null for keys
 * from before them (such a replay answers from the cart as it is).
 */
export const cartAddKeys = pgTable(
  "cart_add_keys",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    requestHash: text("request_hash"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.key] })],
);
