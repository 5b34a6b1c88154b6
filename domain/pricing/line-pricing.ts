/**
 * THE price of a cart or order line (issue 15; docs/requirements.md "Pricing"): the cart view, the cart's
 * writes, the checkout, the order's lines and the browser's optimistic update all call priceLine,
 * so a line cannot cost one amount in the cart and another on the order. Browser-safe; money in
 * integer cents.
 */
import { DEFAULT_PACKAGING_FEE_CENTS, type GramPriceTable, PACKAGING_MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { type PricingSubject, quote } from "#domain/pricing/price-quote.ts";

export type LineUnitType = "gram" | "unit";

export type LinePrice = {
  unitType: LineUnitType;
  quantity: number;
  unitPriceCents: number;
  /** What the quantity discount takes off the base price (gram lines); 0 for unit lines. */
  discountCents: number;
  /** The line before packaging. */
  totalPriceCents: number;
  /** Packaging as charged: asked for, and offered (gram lines from PACKAGING_MIN_GRAMS). */
  packagingEnabled: boolean;
  /**
   * The shop's one fee per 2 g sachet. A line never brings its own: a fee stored with a cart line
   * (legacy metadata) or sent by a client is not an input here.
   */
  packagingFeePerSachetCents: number;
  /** Gram lines: one 2 g sachet per step; null for unit lines. */
  sachetCount: number | null;
  packagingFeeCents: number;
  /** totalPriceCents + packagingFeeCents: what the customer pays for the line. */
  lineTotalCents: number;
};

/** Packaging is offered to gram lines from 50 g; unit lines never have it. */
export function packagingOffered(unitType: LineUnitType, quantity: number): boolean {
  return unitType === "gram" && quantity >= PACKAGING_MIN_GRAMS;
}

/**
 * What a product row prices with: gram products by their table (the owner's, or the spec's when
 * null), unit products by their price. A unit product without a price prices at 0 here; the
 * checkout refuses such a line before it is charged.
 */
export function pricingSubject(
  unitType: LineUnitType,
  priceCents: number | null,
  priceTable: GramPriceTable | null = null,
): PricingSubject {
  if (unitType === "unit") return { unitType: "unit", unitPriceCents: priceCents ?? 0 };
  return priceTable ? { unitType: "gram", priceTable } : { unitType: "gram" };
}

/**
 * Prices `quantity` of a product with packaging asked for or not (docs/requirements.md's single packaging
 * rule: the fee amount times the sachets, `ceil(quantity / 2)`, from 50 g). Throws RangeError on a
 * quantity the product cannot be sold in (see quantityProblem).
 */
export function priceLine(subject: PricingSubject, quantity: number, packagingRequested: boolean): LinePrice {
  const packagingEnabled = packagingRequested && packagingOffered(subject.unitType, quantity);
  const price = quote(subject, quantity, packagingEnabled);
  return {
    unitType: subject.unitType,
    quantity,
    unitPriceCents: price.unitPriceCents,
    discountCents: price.discountAmountCents,
    totalPriceCents: price.totalPriceCents,
    packagingEnabled,
    packagingFeePerSachetCents: DEFAULT_PACKAGING_FEE_CENTS,
    sachetCount: price.sachetCount,
    packagingFeeCents: price.packagingFeeCents,
    lineTotalCents: price.finalTotalCents,
  };
}
