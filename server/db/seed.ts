import { CATALOG } from "#domain/catalog/catalog-seed.ts";
import type { Database } from "#platform/db/client.ts";
import { productCatalog, products } from "#platform/db/schema.ts";

/** The catalogue module's entries as rows of `products`. */
export function productRows() {
  return CATALOG.map((entry, index) => ({
    id: entry.uuid,
    numericId: entry.id,
    slug: entry.slug,
    category: entry.category,
    sortOrder: index,
    name: entry.name,
    subtitle: entry.subtitle,
    description: entry.description,
    keyPoints: entry.keyPoints,
    details: entry.details,
    badge: entry.badge,
    route: entry.route,
    ratingAverage: entry.ratings.average,
    ratingCount: entry.ratings.count,
    images: entry.images,
    buttonDisabled: entry.buttonDisabled,
    unitType: entry.unitType,
    priceCents: entry.priceCents,
    // Samples follow the spec's table until the owner gives one its own (decision 021).
    priceTable: null,
    stock: entry.stock,
    madeToOrder: entry.madeToOrder,
    leadTimeBusinessDays: entry.leadTimeBusinessDays,
    needsShipping: entry.needsShipping,
    accessInstructions: entry.accessInstructions ?? null,
    downloadFile: entry.downloadFile ?? null,
    version: 1,
  }));
}

/**
 * Idempotent: running it on every start never duplicates or overwrites what an admin changed
 * (insert … on conflict do nothing); a product row that went missing comes back.
 */
export async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(products).values(productRows()).onConflictDoNothing();
    await tx
      .insert(productCatalog)
      .values(CATALOG.map((entry) => ({ id: entry.uuid, image: null })))
      .onConflictDoNothing();
  });
}
