import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PriceTablePoint, ProductDetail } from "#platform/db/json-columns.ts";

/*
 * The catalogue: products, the admin's main image of each, their uploaded pictures.
 * Owned by domain/catalog/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

export const productCategory = pgEnum("product_category", ["consultoria", "desidratados", "culturas", "spawn", "aprender"]);
export const productUnitType = pgEnum("product_unit_type", ["gram", "unit"]);
/**
 * Whether shoppers see a product (decision 061): `listed` everywhere; `hidden` (a new product being
 * prepared, or one paused) and `retired` (no longer sold) are in no list, search or sitemap, their
 * page answers 404 and nobody can buy them. Rows are never deleted: order lines point at them.
 */
export const productVisibility = pgEnum("product_visibility", ["listed", "hidden", "retired"]);

/**
 * The catalogue (spec §3 "Catalogue entry" plus what docs/requirements.md adds: unit, price, stock, lead time,
 * shipping). Seeded from app/features/catalog/catalog.ts; after that the admin edits it here.
 * Gram products (dried samples) follow the price table of spec §9 and have no unit price.
 */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey(),
    numericId: integer("numeric_id").notNull().unique(),
    slug: text("slug").notNull().unique(),
    category: productCategory("category").notNull(),
    /** Order on the home page: the spec's category order, then the order inside each category. */
    sortOrder: integer("sort_order").notNull(),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull(),
    description: text("description").notNull(),
    keyPoints: jsonb("key_points").$type<string[]>().notNull().default([]),
    details: jsonb("details").$type<ProductDetail[]>().notNull().default([]),
    badge: text("badge"),
    route: text("route").notNull(),
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /**
     * rating_average/rating_count are the figures imported from the previous shop (the spec's seed),
     * shown apart from verified reviews and labelled so; the owner may hide them (decision 057).
     */
    importedRatingShown: boolean("imported_rating_shown").notNull().default(true),
    /** Gallery (built-in illustrations); the main image is resolved from product_catalog (spec §4). */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    buttonDisabled: boolean("button_disabled").notNull().default(false),
    unitType: productUnitType("unit_type").notNull(),
    priceCents: integer("price_cents"),
    /**
     * Gram products: the owner's totals for the spec's table quantities (decision 021); null prices
     * by the spec's table. Always null for unit products.
     */
    priceTable: jsonb("price_table").$type<PriceTablePoint[] | null>(),
    /** Null: no stock limit (made to order, services, digital items). */
    stock: integer("stock"),
    madeToOrder: boolean("made_to_order").notNull().default(false),
    leadTimeBusinessDays: integer("lead_time_business_days"),
    needsShipping: boolean("needs_shipping").notNull(),
    /**
     * Approved customer reviews (decision 029), shown as the verified rating, never summed with the
     * imported figures (decision 057). Recounted from product_reviews in every moderation's transaction; never bumps `version`.
     */
    reviewCount: integer("review_count").notNull().default(0),
    reviewStarsSum: integer("review_stars_sum").notNull().default(0),
    /**
     * What a buyer is told once paid (decision 030): a course's or workshop's access, how a service
     * is booked. The owner edits it in /customizar-produto; null: nothing to tell.
     */
    accessInstructions: text("access_instructions"),
    /** Digital products: the file the buyer downloads (DATA_DIR/downloads/<name>); null for others. */
    downloadFile: text("download_file"),
    /** Shown, hidden or retired (decision 061); only `listed` products are sold. */
    visibility: productVisibility("visibility").notNull().default("listed"),
    /** The product in its parcel, in grams; null: the category's estimate (decision 005). */
    weightGrams: integer("weight_grams"),
    /** The parcel's outer size in centimetres, for the owner's carrier labels; null: not given. */
    lengthCm: integer("length_cm"),
    widthCm: integer("width_cm"),
    heightCm: integer("height_cm"),
    /** Raised by every admin edit: an edit made on an older version is refused (decision 021). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_sort_order").on(t.sortOrder),
    check("products_price_table_gram_only", sql`${t.priceTable} is null or ${t.unitType} = 'gram'`),
    // Gram products are priced by the table; every other product has a positive unit price.
    check(
      "products_price_by_unit",
      sql`(${t.unitType} = 'gram' and ${t.priceCents} is null) or (${t.unitType} = 'unit' and ${t.priceCents} is not null and ${t.priceCents} > 0)`,
    ),
    check("products_stock_not_negative", sql`${t.stock} is null or ${t.stock} >= 0`),
    check("products_rating", sql`${t.ratingAverage} between 0 and 5 and ${t.ratingCount} >= 0`),
    check("products_reviews", sql`${t.reviewCount} >= 0 and ${t.reviewStarsSum} >= 0`),
    check("products_lead_time", sql`${t.leadTimeBusinessDays} is null or ${t.leadTimeBusinessDays} > 0`),
    // A product shoppers cannot see cannot be bought either: every cart and checkout path refuses a
    // disabled button already, so hiding or retiring needs no check of its own there (decision 061).
    check("products_unlisted_not_sold", sql`${t.visibility} = 'listed' or ${t.buttonDisabled}`),
    check(
      "products_size",
      sql`(${t.weightGrams} is null or ${t.weightGrams} > 0) and (${t.lengthCm} is null or ${t.lengthCm} > 0) and (${t.widthCm} is null or ${t.widthCm} > 0) and (${t.heightCm} is null or ${t.heightCm} > 0)`,
    ),
  ],
);

/** Spec §3: the image the admin sets for a product (null: the built-in one). */
export const productCatalog = pgTable("product_catalog", {
  id: uuid("id").primaryKey(),
  image: text("image"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The admin's uploaded pictures of a product (issue 17 item 6), in gallery order: position 0 is the
 * main one, whose URL is also product_catalog.image (spec §4's database image). `hash` is the
 * content hash that names every file of the picture in the file storage (`products/<hash>-800.webp`…).
 */
export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    hash: text("hash").notNull(),
    /** The uploaded picture's own size (after its EXIF rotation), before the variants were cut. */
    originalWidth: integer("original_width").notNull(),
    originalHeight: integer("original_height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same picture twice in one gallery is a mistake; another product may use it too.
    uniqueIndex("product_images_product_hash").on(t.productId, t.hash),
    index("product_images_product_position").on(t.productId, t.position),
    index("product_images_hash").on(t.hash),
    check("product_images_position", sql`${t.position} >= 0`),
  ],
);
