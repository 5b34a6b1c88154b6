/**
 * One price for every product, for both callers (docs/requirements.md "one rule, one module"): the server's
 * calculate-price and the browser's local fallback when that call fails. Money is integer cents
 * here; the spec's pricing response carries reais, converted once at the edge (toPricingResponse).
 */
import type { z } from "zod";
import { type GramPriceTable, MAX_GRAMS, MIN_GRAMS, priceGrams, SACHET_GRAMS } from "#domain/pricing/gram-pricing.ts";
import type { pricingResponseSchema } from "#domain/pricing/pricing-schemas.ts";

/** Kits, spawn, services and courses: at least one, and a cart line is never more than this. */
export const MIN_UNITS = 1;
export const MAX_UNITS = 99;

/** Gram products price by their own table when the owner set one (decision 021), else by the spec's. */
export type PricingSubject = { unitType: "gram"; priceTable?: GramPriceTable | null } | { unitType: "unit"; unitPriceCents: number };

export type PriceQuote = {
  unitType: "gram" | "unit";
  quantity: number;
  unitPriceCents: number;
  discountPercentage: number;
  discountAmountCents: number;
  baseTotalCents: number;
  totalPriceCents: number;
  packagingFeeCents: number;
  finalTotalCents: number;
  /** Gram products: one 2 g sachet per step. */
  sachetCount: number | null;
};

/** Why a quantity cannot be priced, in Portuguese, or null when it can. */
export function quantityProblem(unitType: "gram" | "unit", quantity: number): string | null {
  if (!Number.isInteger(quantity)) return "a quantidade deve ser um número inteiro";
  if (unitType === "gram") {
    if (quantity < MIN_GRAMS) return `a quantidade mínima é ${MIN_GRAMS} g`;
    if (quantity > MAX_GRAMS) return `a quantidade máxima é ${MAX_GRAMS} g`;
    if (quantity % SACHET_GRAMS !== 0) return `a quantidade deve ser um número par de gramas (sachês de ${SACHET_GRAMS} g)`;
    return null;
  }
  if (quantity < MIN_UNITS) return `a quantidade mínima é ${MIN_UNITS} unidade`;
  if (quantity > MAX_UNITS) return `a quantidade máxima é ${MAX_UNITS} unidades`;
  return null;
}

/** The nearest sellable quantity to what a visitor typed: whole, within the limits, grams rounded up to a whole sachet. */
export function normalizeQuantity(unitType: "gram" | "unit", value: number): number {
  if (!Number.isFinite(value)) return unitType === "gram" ? MIN_GRAMS : MIN_UNITS;
  if (unitType === "gram") {
    const even = Math.ceil(Math.round(value) / SACHET_GRAMS) * SACHET_GRAMS;
    return Math.min(MAX_GRAMS, Math.max(MIN_GRAMS, even));
  }
  return Math.min(MAX_UNITS, Math.max(MIN_UNITS, Math.round(value)));
}

/** The price of `quantity` of a product. Throws RangeError on a quantity quantityProblem() rejects. */
export function quote(subject: PricingSubject, quantity: number, packagingEnabled: boolean): PriceQuote {
  const problem = quantityProblem(subject.unitType, quantity);
  if (problem) throw new RangeError(`${problem}: ${quantity}`);
  if (subject.unitType === "gram") {
    const price = priceGrams(quantity, { enabled: packagingEnabled }, subject.priceTable ?? undefined);
    return {
      unitType: "gram",
      quantity,
      unitPriceCents: price.unitPriceCents,
      discountPercentage: price.discountPercentage,
      discountAmountCents: price.discountAmountCents,
      baseTotalCents: price.baseTotalCents,
      totalPriceCents: price.totalPriceCents,
      packagingFeeCents: price.packagingFeeCents,
      finalTotalCents: price.finalTotalCents,
      sachetCount: price.sachetCount,
    };
  }
  const total = subject.unitPriceCents * quantity;
  return {
    unitType: "unit",
    quantity,
    unitPriceCents: subject.unitPriceCents,
    discountPercentage: 0,
    discountAmountCents: 0,
    baseTotalCents: total,
    totalPriceCents: total,
    packagingFeeCents: 0,
    finalTotalCents: total,
    sachetCount: null,
  };
}

/**
 * Spec §3 "Pricing response" (pricing-schemas.ts): field names as the spec has them, money in reais
 * derived from integer cents.
 */
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

const reais = (cents: number) => cents / 100;
/** Back from the response's reais to cents: exact, since the response never has more than two decimals. */
export const centsFromReais = (value: number) => Math.round(value * 100);

export function toPricingResponse(price: PriceQuote): PricingResponse {
  return {
    unit_price: reais(price.unitPriceCents),
    discount_percentage: price.discountPercentage,
    discount_amount: reais(price.discountAmountCents),
    base_total: reais(price.baseTotalCents),
    total_price: reais(price.totalPriceCents),
    packaging_fee: reais(price.packagingFeeCents),
    final_total: reais(price.finalTotalCents),
    sachet_count: price.sachetCount,
    currency: "BRL",
  };
}
