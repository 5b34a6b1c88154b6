/**
 * What a parcel's label needs of each product (issue 30 item 4): its weight and outer size as the
 * owner entered them in the product editor (null: not given), and what estimates a missing weight.
 * Read through the catalog module (decision 048).
 */
import { inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { products } from "#platform/db/tables/catalog.ts";

export type ParcelMeasures = {
  category: string;
  unitType: "gram" | "unit";
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
};

/** These products' measures, by id. */
export async function parcelMeasures(db: Pick<Database, "select">, ids: readonly string[]): Promise<Map<string, ParcelMeasures>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      category: products.category,
      unitType: products.unitType,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      widthCm: products.widthCm,
      heightCm: products.heightCm,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...measures }) => [id, measures]));
}
