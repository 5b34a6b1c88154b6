/**
 * Price of dried samples by the gram (spec §9, PRODUCT.md "Pricing"), in integer cents.
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

/** The next table quantity above `grams`, if any. */
function nextTableQuantity(grams: number): number | undefined {
  return [...PRICE_TABLE_CENTS.keys()].find((quantity) => quantity > grams);
}

/** Total for `grams` before packaging, in cents. */
export function gramsTotalCents(grams: number): number {
  const fromTable = PRICE_TABLE_CENTS.get(grams);
  if (fromTable !== undefined) return fromTable;
  if (grams >= 100) return grams * PER_GRAM_FROM_100_CENTS;
  if (grams > 50) {
    // Linear between the 50 g and 100 g prices.
    const low = PRICE_TABLE_CENTS.get(50)!;
    const high = PRICE_TABLE_CENTS.get(100)!;
    return Math.round(low + ((high - low) * (grams - 50)) / 50);
  }
  const byTier = Math.round(grams * BASE_UNIT_PRICE_CENTS * (1 - tierDiscount(grams)));
  // PRODUCT.md's guard: never more than the next larger table quantity (38 g would cost more than 40 g).
  const next = nextTableQuantity(grams);
  return next === undefined ? byTier : Math.min(byTier, PRICE_TABLE_CENTS.get(next)!);
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
 * The single packaging rule of PRODUCT.md: the shop's fee × sachets, when enabled and from 50 g.
 * The fee is not a parameter: a per-line or per-caller amount is how the cart and the checkout
 * once charged one line differently (issue 15).
 */
export function packagingFeeCents(grams: number, enabled: boolean): number {
  return enabled && grams >= PACKAGING_MIN_GRAMS ? DEFAULT_PACKAGING_FEE_CENTS * sachetCount(grams) : 0;
}

export function priceGrams(grams: number, packaging: Packaging): GramPrice {
  if (!isValidGramQuantity(grams)) throw new RangeError(`invalid gram quantity: ${grams}`);
  const baseTotalCents = grams * BASE_UNIT_PRICE_CENTS;
  const totalPriceCents = gramsTotalCents(grams);
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
