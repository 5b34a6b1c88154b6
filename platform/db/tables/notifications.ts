import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * The customer's in-shop notifications (the bell).
 * Owned by domain/notifications/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

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
  (t) => [
    index("notifications_user_created").on(t.userId, t.createdAt.desc()),
    // The unread count reads only unread rows.
    index("notifications_user_unread")
      .on(t.userId, t.createdAt)
      .where(sql`read = false`),
  ],
);
