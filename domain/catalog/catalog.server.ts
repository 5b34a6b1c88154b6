/** Catalogue reads for pages and the pricing endpoint. PostgreSQL is the source of truth (docs/requirements.md). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productCatalog, productImages, products } from "#platform/db/tables/catalog.ts";
import { registerSharedCache } from "#platform/realtime/shared-caches.ts";
import { type GramPriceTable, gramsTotalCents, MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import type { Availability, ProductPageData, ProductSummary, UnitType } from "#domain/catalog/catalog-types.ts";
import { productRatings } from "#domain/catalog/ratings.ts";
import { resolveProductImage, uploadedImageUrl } from "#domain/catalog/image-resolution.ts";

/** The name under which the in-memory copies of the products are dropped on every instance after an edit. */
export const PRODUCTS_CACHE = "products";

const columns = {
  uuid: products.id,
  id: products.numericId,
  slug: products.slug,
  category: products.category,
  name: products.name,
  subtitle: products.subtitle,
  badge: products.badge,
  route: products.route,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  importedRatingShown: products.importedRatingShown,
  reviewCount: products.reviewCount,
  reviewStarsSum: products.reviewStarsSum,
  buttonDisabled: products.buttonDisabled,
  unitType: products.unitType,
  priceCents: products.priceCents,
  priceTable: products.priceTable,
  stock: products.stock,
  madeToOrder: products.madeToOrder,
  leadTimeBusinessDays: products.leadTimeBusinessDays,
  needsShipping: products.needsShipping,
  updatedAt: products.updatedAt,
  dbImage: productCatalog.image,
};

const selectProducts = (db: Database) => db.select(columns).from(products).leftJoin(productCatalog, eq(productCatalog.id, products.id));

type SummaryRow = Awaited<ReturnType<typeof selectProducts>>[number];

function availability(row: Pick<SummaryRow, "buttonDisabled" | "madeToOrder" | "stock" | "unitType">): Availability {
  if (row.buttonDisabled) return "out_of_stock";
  if (row.madeToOrder) return "made_to_order";
  if (row.stock === null) return "in_stock";
  return row.stock >= (row.unitType === "gram" ? MIN_GRAMS : 1) ? "in_stock" : "out_of_stock";
}

function toSummary(row: SummaryRow, origin: string): ProductSummary {
  const state = availability(row);
  return {
    uuid: row.uuid,
    id: row.id,
    slug: row.slug,
    category: row.category,
    name: row.name,
    subtitle: row.subtitle,
    badge: row.badge,
    route: row.route,
    ratings: productRatings({
      imported: { average: Number(row.ratingAverage), count: row.ratingCount },
      importedShown: row.importedRatingShown,
      reviews: { count: row.reviewCount, starsSum: row.reviewStarsSum },
    }),
    image: resolveProductImage({ dbImage: row.dbImage, name: row.name, id: row.uuid }, origin),
    unitType: row.unitType,
    startingPriceCents: row.unitType === "gram" ? gramsTotalCents(MIN_GRAMS, row.priceTable ?? undefined) : (row.priceCents ?? 0),
    availability: state,
    purchasable: state !== "out_of_stock",
    leadTimeBusinessDays: row.madeToOrder ? row.leadTimeBusinessDays : null,
    needsShipping: row.needsShipping,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Shoppers see listed products only: hidden and retired ones are in no list, search or page (decision 061). */
const listed = eq(products.visibility, "listed");

/** Every listed product in the spec's order (category, then position inside it). */
export async function listProducts(db: Database, origin: string): Promise<ProductSummary[]> {
  const rows = await selectProducts(db).where(listed).orderBy(asc(products.sortOrder));
  return rows.map((row) => toSummary(row, origin));
}

/** These listed products (by uuid), in the order given; unknown, hidden and retired ids are left out. */
export async function productSummariesByIds(db: Database, ids: readonly string[], origin: string): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where(and(listed, inArray(products.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.uuid, toSummary(row, origin)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getProductPage(
  db: Database,
  slug: string,
  origin: string,
  fixedSlugs: readonly string[],
): Promise<ProductPageData | undefined> {
  const [row] = await db
    .select({
      ...columns,
      description: products.description,
      keyPoints: products.keyPoints,
      details: products.details,
      images: products.images,
      // The admin's uploads in gallery order, in the same round trip (the page is the busiest one).
      uploadHashes: sql<
        string[]
      >`coalesce((select json_agg(${productImages.hash} order by ${productImages.position}) from ${productImages} where ${productImages.productId} = ${products.id}), '[]'::json)`,
    })
    .from(products)
    .leftJoin(productCatalog, eq(productCatalog.id, products.id))
    .where(and(eq(products.slug, slug), listed))
    .limit(1);
  // A hidden or retired product's link answers 404, like a product that never was (decision 061).
  if (!row) return undefined;
  const summary = toSummary(row, origin);
  // With uploads, the gallery is the admin's own pictures (the built-in drawings step aside);
  // without, the built-in main picture is replaced by the resolved one. Either way the resolved
  // main image (spec §4, product_catalog.image) comes first.
  const uploads = row.uploadHashes.map(uploadedImageUrl);
  const others = (uploads.length > 0 ? uploads : row.images.slice(1)).filter((image) => image !== summary.image);
  return {
    ...summary,
    description: row.description,
    keyPoints: row.keyPoints,
    details: row.details,
    images: [summary.image, ...others],
    priceCents: row.priceCents,
    priceTable: row.priceTable,
    fixed: fixedSlugs.includes(row.slug),
  };
}

export type PricingProduct = {
  uuid: string;
  name: string;
  unitType: UnitType;
  priceCents: number | null;
  priceTable: GramPriceTable | null;
};

/**
 * calculate-price runs on every quantity change of every visitor, and the fifteen rows it needs
 * change only when an admin edits a product: it reads them from memory, refreshed from PostgreSQL
 * at most every few seconds. An edit empties this instance's copy at once (forgetPricingProducts)
 * and every instance's when its NOTIFY arrives (product-changes.server.ts, decision 021); the
 * expiry is what is left should a message be lost.
 */
export const PRICING_CACHE_MS = 5_000;
const pricingCache = new WeakMap<Database, { expires: number; products: Promise<Map<string, PricingProduct>> }>();

const nameKey = (name: string) => name.normalize("NFC").trim().toLocaleLowerCase("pt-BR");

async function loadPricingProducts(db: Database): Promise<Map<string, PricingProduct>> {
  const rows = await db
    .select({
      uuid: products.id,
      name: products.name,
      unitType: products.unitType,
      priceCents: products.priceCents,
      priceTable: products.priceTable,
    })
    .from(products);
  // Keyed by the exact name too: the product page sends it as stored, and the exact lookup skips
  // the locale-aware lower-casing, the largest cost of this hot call (decision 006).
  return new Map(rows.flatMap((row) => [[nameKey(row.name), row] as const, [row.name, row] as const]));
}

export function forgetPricingProducts(db: Database): void {
  pricingCache.delete(db);
}
registerSharedCache(PRODUCTS_CACHE, forgetPricingProducts);

/** The product calculate-price names (spec §7 sends product_name); case and outer spaces do not matter. */
export async function findProductByName(db: Database, name: string): Promise<PricingProduct | undefined> {
  let entry = pricingCache.get(db);
  if (!entry || entry.expires <= Date.now()) {
    const loading = loadPricingProducts(db);
    // One load at a time, shared by the requests that arrive meanwhile; a failed load is not kept.
    entry = { expires: Date.now() + PRICING_CACHE_MS, products: loading };
    pricingCache.set(db, entry);
    loading.catch(() => {
      if (pricingCache.get(db)?.products === loading) pricingCache.delete(db);
    });
  }
  const byName = await entry.products;
  return byName.get(name) ?? byName.get(nameKey(name));
}
