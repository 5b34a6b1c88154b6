import { sql } from "drizzle-orm";
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * Web Push: the shop's VAPID key pair and the devices that asked for pushes (issue 31, decision 070).
 * Owned by domain/push/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-push-owned-by-domain-push`).
 */

/**
 * The shop's VAPID key pair (RFC 8292), made at the first start when the configuration gives none:
 * at most one row. The private key signs every push's JWT; losing it orphans every subscription.
 */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: boolean("id").primaryKey().default(true),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("push_keys_one_row", sql`${t.id}`)],
);

/** Who a device's pushes are for: the shop's owner (admins) or a customer following their orders. */
export const pushAudience = pgEnum("push_audience", ["owner", "customer"]);

/**
 * One browser's push subscription (`PushSubscription.toJSON()`): where to post and the keys to
 * encrypt for. `events` are the owner's per-device choices (domain/push/push-events.ts); a customer's
 * device gets their order news. `last_seen_at` is when the device last said it still holds the
 * subscription (each visit of the app sends it again): Apple answers 201 even for subscriptions that
 * are gone, so a device silent for weeks is dropped by that date, not by the service's answer.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    audience: pushAudience("audience").notNull(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    deviceLabel: text("device_label").notNull(),
    events: text("events")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user").on(t.userId)],
);
