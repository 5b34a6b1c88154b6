import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Tables of spec §3. Money is integer cents everywhere (PRODUCT.md). */

export const cartStatus = pgEnum("cart_status", ["active", "completed", "pending_payment"]);

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id"),
    sessionId: uuid("session_id"),
    status: cartStatus("status").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One active cart per user and per session: concurrent "first add" requests cannot create two.
    uniqueIndex("carts_one_active_per_user").on(t.userId).where(sql`status = 'active' and user_id is not null`),
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
  },
  (t) => [index("cart_items_cart_id").on(t.cartId)],
);

export const productCatalog = pgTable("product_catalog", {
  id: uuid("id").primaryKey(),
  image: text("image"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const notificationType = pgEnum("notification_type", [
  "order_created",
  "order_status_changed",
  "payment_status_changed",
  "tracking_added",
  "rating_reminder",
  "admin_new_order",
]);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    type: notificationType("type").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    read: boolean("read").notNull().default(false),
    orderId: uuid("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_created").on(t.userId, t.createdAt.desc())],
);

export const referralLinks = pgTable("referral_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id").notNull(),
  code: text("code").notNull().unique(),
  totalCredits: integer("total_credits").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Errors reported by browsers (global error screen), kept for the maintenance panel. */
export const clientErrors = pgTable("client_errors", {
  id: uuid("id").primaryKey().defaultRandom(),
  message: text("message").notNull(),
  path: text("path").notNull(),
  stack: text("stack"),
  userAgent: text("user_agent"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
