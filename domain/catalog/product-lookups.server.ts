/**
 * What other modules read of the catalogue's rows through the catalog module (decision 048): a
 * product's id by its slug, the names and pages of products, the review totals the rating shows.
 */
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productCatalog, products } from "#platform/db/tables/catalog.ts";

type Reader = Pick<Database, "select">;

/** The product's id; null for a slug no product has. */
export async function productIdBySlug(db: Reader, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return row?.id ?? null;
}

/** Name and page (route) of these products, by id. */
export async function productLabels(db: Reader, ids: readonly string[]): Promise<Map<string, { name: string; route: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, route: products.route })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, route: row.route }]));
}

/** Each digital product still sold (not retired): its name and download file (the go-live check looks for the files). */
export async function digitalProductFiles(db: Reader): Promise<{ name: string; file: string | null }[]> {
  return db
    .select({ name: products.name, file: products.downloadFile })
    .from(products)
    .where(and(isNotNull(products.downloadFile), ne(products.visibility, "retired")));
}

/** What these products deliver besides parcels (decision 030): the file to download and the owner's instructions, by id. */
export async function productDeliverables(
  db: Reader,
  ids: readonly string[],
): Promise<Map<string, { instructions: string | null; downloadFile: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, instructions: products.accessInstructions, downloadFile: products.downloadFile })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { instructions: row.instructions, downloadFile: row.downloadFile }]));
}

/** The image the admin set for each of these products (product_catalog); products without one are left out. */
export async function adminImages(db: Reader, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productCatalog.id, image: productCatalog.image })
    .from(productCatalog)
    .where(inArray(productCatalog.id, [...new Set(ids)]));
  return new Map(rows.flatMap((row) => (row.image ? [[row.id, row.image] as const] : [])));
}

/**
 * Locks these products' rows until the transaction ends, in id order (two transactions never wait
 * on each other in a cycle): what a caller reads after it sees every change committed before.
 */
export async function lockProducts(tx: Reader, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids].sort()))
    .orderBy(products.id)
    .for("update");
}

/**
 * Sets a product's approved-review count and star sum (decision 029), kept beside the seeded rating;
 * never bumps `version` (an admin's edit in progress is not refused for it).
 */
export async function setReviewTotals(
  tx: Pick<Database, "update">,
  productId: string,
  totals: { count: number; starsSum: number },
): Promise<void> {
  await tx.update(products).set({ reviewCount: totals.count, reviewStarsSum: totals.starsSum }).where(eq(products.id, productId));
}

/** Each of these products' category, by id: an order tells its services (consultoria) from its courses and goods (decision 081). */
export async function productCategories(
  db: Reader,
  ids: readonly string[],
): Promise<Map<string, (typeof products.$inferSelect)["category"]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.category]));
}
