import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { shippingRates, shippingWeightBands } from "#platform/db/schema.ts";
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS, type ShippingMethod } from "#domain/shipping/shipping-methods.ts";

/**
 * Shipping quotes (docs/requirements.md checkout step 3): the CEP's region price from `shipping_rates` plus
 * the surcharge of the cart's weight band from `shipping_weight_bands` (decision 005).
 */

/** One way to ship (PAC or SEDEX) to a CEP: its price and days, and the table region that priced it. */
export type ShippingOption = { method: ShippingMethod; label: string; priceCents: number; deliveryDays: number; region: string };

type Executor = Pick<Database, "select">;

/** Parcel weight (decision 005): box and filling, plus per line by category. */
export const PARCEL_BASE_GRAMS = 200;
const GRAMS_PER_SACHET = 10;
const GRAMS_BY_CATEGORY: Record<string, number> = { culturas: 150, spawn: 1100 };

export type WeighedLine = { category: string; unitType: "gram" | "unit"; quantity: number; needsShipping: boolean };

/** Shipping weight of the physical lines, in grams; 0 when nothing ships. */
export function parcelWeightGrams(lines: readonly WeighedLine[]): number {
  const physical = lines.filter((line) => line.needsShipping);
  if (physical.length === 0) return 0;
  return physical.reduce((total, line) => {
    if (line.unitType === "gram") return total + Math.ceil(line.quantity / 2) * GRAMS_PER_SACHET;
    return total + (GRAMS_BY_CATEGORY[line.category] ?? 100) * line.quantity;
  }, PARCEL_BASE_GRAMS);
}

/** The options for this CEP and weight, cheapest first; empty when the CEP is in no region. */
export async function shippingOptions(db: Executor, cep: string, weightGrams: number): Promise<ShippingOption[]> {
  const rates = await db
    .select()
    .from(shippingRates)
    .where(and(lte(shippingRates.cepFrom, cep), gte(shippingRates.cepTo, cep)))
    .orderBy(asc(shippingRates.priceCents));
  const quotes: ShippingOption[] = [];
  for (const rate of rates) {
    if (!(SHIPPING_METHODS as readonly string[]).includes(rate.method)) continue;
    const method = rate.method as ShippingMethod;
    const [band] = await db
      .select()
      .from(shippingWeightBands)
      .where(and(eq(shippingWeightBands.method, method), gte(shippingWeightBands.maxWeightGrams, Math.max(1, weightGrams))))
      .orderBy(asc(shippingWeightBands.maxWeightGrams))
      .limit(1);
    if (!band) continue;
    quotes.push({
      method,
      label: rate.label || SHIPPING_METHOD_LABELS[method],
      priceCents: rate.priceCents + band.surchargeCents,
      deliveryDays: rate.deliveryDays + band.extraDays,
      region: rate.region,
    });
  }
  return quotes.sort((a, b) => a.priceCents - b.priceCents);
}
