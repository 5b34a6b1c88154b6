import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "#platform/db/tables/auth.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { orders } from "#platform/db/tables/orders.ts";

/*
 * Customers' reviews of delivered items.
 * Owned by domain/reviews/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/** A review waits for the admin (pending), is shown (approved) or is kept off the page (hidden). */
export const reviewStatus = pgEnum("review_status", ["pending", "approved", "hidden"]);

/**
 * A customer's rating of one delivered item (issue 19 item 2, decision 029): 1 to 5 stars and an
 * optional comment, once per order line (the unique key), from the order's buyer only ("compra
 * verificada"). The author's name is copied when written (first name and initial), so the page
 * never reads the accounts table; deleting the account deletes its reviews.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    stars: integer("stars").notNull(),
    comment: text("comment"),
    status: reviewStatus("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("product_reviews_one_per_item").on(t.orderId, t.productId),
    // The product page: its approved reviews, newest first.
    index("product_reviews_product_approved")
      .on(t.productId, t.createdAt.desc())
      .where(sql`status = 'approved'`),
    index("product_reviews_status_created").on(t.status, t.createdAt),
    index("product_reviews_user").on(t.userId),
    check("product_reviews_stars", sql`${t.stars} between 1 and 5`),
    check("product_reviews_comment", sql`${t.comment} is null or char_length(${t.comment}) <= 1000`),
  ],
);
