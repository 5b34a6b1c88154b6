import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "#platform/db/tables/orders.ts";

/*
 * Checkout attempts by idempotency key.
 * Owned by domain/checkout/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/**
 * Checkout attempts by idempotency key (per customer). `order_id` null: the attempt is running (a
 * concurrent duplicate gets 409); set: a retry replays that order. `request_hash`: what the key was
 * first sent with (null for keys from before it was kept); another request under it is refused.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id").notNull(),
    key: uuid("key").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    requestHash: text("request_hash"),
    /** Which attempt holds the key: each attempt removes only its own claim, never another's (decision 045). */
    claim: uuid("claim").notNull().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);
