import { PRODUCT_SLUGS, productUuid } from "../../app/features/catalog/product-slugs.ts";
import type { Database } from "./client.ts";
import { productCatalog } from "./schema.ts";

/** Idempotent: running it on every start never duplicates or overwrites what an admin changed. */
export async function seed(db: Database): Promise<void> {
  const rows = Object.keys(PRODUCT_SLUGS).map((id) => ({ id: productUuid(Number(id)), image: null }));
  await db.insert(productCatalog).values(rows).onConflictDoNothing();
}
