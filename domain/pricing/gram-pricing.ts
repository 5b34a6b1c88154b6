/**
 * Price of dried samples by the gram (spec §9, docs/requirements.md "Pricing"), in integer cents.
 * One module, two callers: the server's calculate-price and the browser's local fallback.
 */

export const SACHET_GRAMS = 2;
export const MIN_GRAMS = 2;
/** Above this a request is a typo or an attack, not an order (500 sachets). */
export const MAX_GRAMS = 1000;
export const BASE_UNIT_PRICE_CENTS = 20_00;
export const PER_GRAM_FROM_100_CENTS = 9_00;
export const DEFAULT_PACKAGING_FEE_CENTS = 1_00;
/** Packaging (one fee per sachet) is offered from this quantity on. */
export const PACKAGING_MIN_GRAMS = 50;

/** Spec §9 table: grams → total in cents. */
export const PRICE_TABLE_CENTS: ReadonlyMap<number, number> = new Map([
  [2, 40_00],
  [4, 72_00],
  [6, 96_00],
  [8, 120_00],
  [10, 130_00],
  [20, 250_00],
  [30, 360_00],
  [40, 440_00],
  [50, 500_00],
  [100, 900_00],
]);

/**
 * A sample's price table: a total for each of the spec's quantities (PRICE_TABLE_GRAMS, in order).
 * The spec's table is every sample's default; the owner may give a sample its own (decision 021),
 * which the same rules below price, so the spec's table prices exactly as the spec says.
 */
export type GramPriceTable = ReadonlyArray<{ readonly grams: number; readonly totalCents: number }>;

/** The quantities a price table prices: the spec's, fixed (the owner edits the totals). */
export const PRICE_TABLE_GRAMS: readonly number[] = [...PRICE_TABLE_CENTS.keys()];

export const SPEC_PRICE_TABLE: GramPriceTable = [...PRICE_TABLE_CENTS].map(([grams, totalCents]) => ({ grams, totalCents }));

/** Spec §9 tiers for quantities outside the table: [from grams, discount]. */
const DISCOUNT_TIERS: ReadonlyArray<readonly [number, number]> = [
  [50, 0.5],
  [20, 0.38],
  [10, 0.35],
  [6, 0.2],
  [4, 0.1],
  [0, 0],
];

export function sachetCount(grams: number): number {
  return Math.ceil(grams / SACHET_GRAMS);
}

export function isValidGramQuantity(grams: number): boolean {
  return Number.isInteger(grams) && grams >= MIN_GRAMS && grams <= MAX_GRAMS && grams % SACHET_GRAMS === 0;
}

/** Spec §9 tier discount (0.1 = 10 %) for quantities outside the table; the cap still applies after it. */
export function tierDiscount(grams: number): number {
  return DISCOUNT_TIERS.find(([from]) => grams >= from)![1];
}

/**
 * The price of one gram before any discount: the table's 2 g total over 2 g (the spec's R$ 20,00).
 * Fractional cents are kept here and rounded once, in the totals.
 */
export function baseGramPriceCents(table: GramPriceTable = SPEC_PRICE_TABLE): number {
  const first = table[0]!;
  return first.totalCents / first.grams;
}

/** Total for `grams` before packaging, in cents, by `table` (the spec's unless the owner set one). */
export function gramsTotalCents(grams: number, table: GramPriceTable = SPEC_PRICE_TABLE): number {
  const index = table.findIndex((point) => point.grams >= grams);
  const at = table[index];
  if (at?.grams === grams) return at.totalCents;
  const last = table[table.length - 1]!;
  // From the largest quantity on, its price per gram (spec: R$ 9,00 from 100 g).
  if (index === -1) return Math.round((grams * last.totalCents) / last.grams);
  const previous = table[index - 1];
  if (at === last && previous) {
    // Linear between the two largest quantities (spec: between 50 g and 100 g).
    return Math.round(
      previous.totalCents + ((last.totalCents - previous.totalCents) * (grams - previous.grams)) / (last.grams - previous.grams),
    );
  }
  const byTier = Math.round(grams * baseGramPriceCents(table) * (1 - tierDiscount(grams)));
  // docs/requirements.md's guard: never more than the next larger table quantity (38 g would cost more than 40 g);
  // and never less than the smaller one before it, which the spec's table never reaches but an
  // owner's table with steeper totals would (decision 021): so a monotonic table prices monotonically.
  return Math.max(previous?.totalCents ?? 0, Math.min(byTier, at!.totalCents));
}

export type Packaging = { enabled: boolean };

export type GramPrice = {
  unitPriceCents: number;
  discountPercentage: number;
  discountAmountCents: number;
  baseTotalCents: number;
  totalPriceCents: number;
  packagingFeeCents: number;
  finalTotalCents: number;
  sachetCount: number;
};

/**
 * The single packaging rule of docs/requirements.md: the shop's fee × sachets, when enabled and from 50 g.
 * The fee is not a parameter: a per-line or per-caller amount is how the cart and the checkout
 * once charged one line differently (issue 15).
 */
export function packagingFeeCents(grams: number, enabled: boolean): number {
  return enabled && grams >= PACKAGING_MIN_GRAMS ? DEFAULT_PACKAGING_FEE_CENTS * sachetCount(grams) : 0;
}

export function priceGrams(grams: number, packaging: Packaging, table: GramPriceTable = SPEC_PRICE_TABLE): GramPrice {
  if (!isValidGramQuantity(grams)) throw new RangeError(`invalid gram quantity: ${grams}`);
  const baseTotalCents = Math.round(grams * baseGramPriceCents(table));
  const totalPriceCents = gramsTotalCents(grams, table);
  const discountAmountCents = baseTotalCents - totalPriceCents;
  const packagingFee = packagingFeeCents(grams, packaging.enabled);
  return {
    unitPriceCents: Math.round(totalPriceCents / grams),
    discountPercentage: Math.round((discountAmountCents / baseTotalCents) * 10_000) / 100,
    discountAmountCents,
    baseTotalCents,
    totalPriceCents,
    packagingFeeCents: packagingFee,
    finalTotalCents: totalPriceCents + packagingFee,
    sachetCount: sachetCount(grams),
  };
}
