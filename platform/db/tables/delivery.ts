import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "#platform/db/tables/orders.ts";
import { products } from "#platform/db/tables/catalog.ts";

/*
 * What digital delivery keeps: which paid order downloaded which file, and when.
 * Owned by domain/delivery/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-delivery-owned-by-domain-delivery`).
 */

/**
 * One row per file served to a buyer (decision 062): the owner sees which orders downloaded a
 * product's file. Written when the shop hands out the file (or the bucket's signed link), after it
 * checked the buyer; removed with the order.
 */
export const productDownloads = pgTable(
  "product_downloads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_downloads_product").on(t.productId, t.downloadedAt)],
);
