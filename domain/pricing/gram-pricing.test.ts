import { describe, expect, it } from "vitest";
import {
  gramsTotalCents,
  isValidGramQuantity,
  MAX_GRAMS,
  PACKAGING_MIN_GRAMS,
  priceGrams,
  PRICE_TABLE_CENTS,
  sachetCount,
  tierDiscount,
} from "#domain/pricing/gram-pricing.ts";

describe("gram pricing (spec §9)", () => {
  it("charges exactly the table for table quantities", () => {
    const expected: Array<[number, number]> = [
      [2, 4000],
      [4, 7200],
      [6, 9600],
      [8, 12000],
      [10, 13000],
      [20, 25000],
      [30, 36000],
      [40, 44000],
      [50, 50000],
      [100, 90000],
    ];
    for (const [grams, cents] of expected) expect(gramsTotalCents(grams), `${grams} g`).toBe(cents);
  });

  it("interpolates linearly between 50 g and 100 g", () => {
    expect(gramsTotalCents(60)).toBe(58000);
    expect(gramsTotalCents(76)).toBe(70800);
    expect(gramsTotalCents(98)).toBe(88400);
  });

  it("charges 9 per gram from 100 g", () => {
    expect(gramsTotalCents(102)).toBe(91800);
    expect(gramsTotalCents(500)).toBe(450000);
  });

  it("applies the tier discounts to other quantities", () => {
    expect(gramsTotalCents(12)).toBe(15600); // 35 % off R$ 20/g
    expect(gramsTotalCents(22)).toBe(27280); // 38 % off
  });

  it("never charges a quantity more than the next larger table quantity", () => {
    expect(gramsTotalCents(38)).toBe(44000); // the tier alone would be R$ 471,20
    expect(gramsTotalCents(42)).toBe(50000); // the tier alone would be R$ 520,80
    for (let grams = 2; grams < 100; grams += 2) {
      const next = [...PRICE_TABLE_CENTS.keys()].find((quantity) => quantity > grams)!;
      expect(gramsTotalCents(grams), `${grams} g`).toBeLessThanOrEqual(PRICE_TABLE_CENTS.get(next)!);
    }
  });

  it("charges packaging per sachet only when enabled and from 50 g", () => {
    expect(priceGrams(48, { enabled: true }).packagingFeeCents).toBe(0);
    expect(priceGrams(50, { enabled: false }).packagingFeeCents).toBe(0);
    const fifty = priceGrams(50, { enabled: true });
    expect(fifty.sachetCount).toBe(25);
    expect(fifty.packagingFeeCents).toBe(2500);
    expect(fifty.finalTotalCents).toBe(52500);
  });

  it("reports the discount against the base price of R$ 20 per gram", () => {
    const ten = priceGrams(10, { enabled: false });
    expect(ten.baseTotalCents).toBe(20000);
    expect(ten.discountAmountCents).toBe(7000);
    expect(ten.discountPercentage).toBe(35);
    expect(ten.unitPriceCents).toBe(1300);
  });

  it("accepts only whole, even quantities from 2 g up to the maximum", () => {
    for (const bad of [0, -2, 1, 3, 2.5, MAX_GRAMS + 2, Number.NaN]) expect(isValidGramQuantity(bad), String(bad)).toBe(false);
    expect(isValidGramQuantity(2)).toBe(true);
    expect(() => priceGrams(3, { enabled: false })).toThrow(RangeError);
  });

  it("prices 100 g and more at R$ 9,00 per gram, up to the maximum", () => {
    expect(gramsTotalCents(100)).toBe(90000);
    expect(gramsTotalCents(150)).toBe(135000);
    expect(gramsTotalCents(200)).toBe(180000);
    expect(gramsTotalCents(MAX_GRAMS)).toBe(MAX_GRAMS * 900);
  });

  it("interpolates every even quantity between 50 g and 100 g on the straight line R$ 500 → R$ 900", () => {
    for (let grams = 52; grams < 100; grams += 2) {
      expect(gramsTotalCents(grams), `${grams} g`).toBe(Math.round(50000 + ((90000 - 50000) * (grams - 50)) / 50));
    }
    expect(gramsTotalCents(52)).toBe(51600);
    expect(gramsTotalCents(76)).toBe(70800);
  });
});

describe("tier discounts (spec §9), edges included", () => {
  it.each([
    [2, 0],
    [3, 0],
    [4, 0.1],
    [5, 0.1],
    [6, 0.2],
    [9, 0.2],
    [10, 0.35],
    [19, 0.35],
    [20, 0.38],
    [49, 0.38],
    [50, 0.5],
  ])("%i g → %f", (grams, discount) => {
    expect(tierDiscount(grams)).toBe(discount);
  });

  it("prices the even quantities next to the edges with the tier, capped by the next table quantity", () => {
    // 4, 6, 10, 20 are in the table; their neighbours take the tier.
    expect(gramsTotalCents(4)).toBe(7200);
    expect(gramsTotalCents(6)).toBe(9600);
    expect(gramsTotalCents(10)).toBe(13000);
    expect(gramsTotalCents(12)).toBe(Math.round(12 * 2000 * 0.65));
    expect(gramsTotalCents(18)).toBe(Math.round(18 * 2000 * 0.65)); // 35 % up to 19 g
    expect(gramsTotalCents(20)).toBe(25000);
    expect(gramsTotalCents(22)).toBe(Math.round(22 * 2000 * 0.62)); // 38 % from 20 g
    expect(gramsTotalCents(48)).toBe(50000); // 38 % would be R$ 595,20: capped by 50 g
  });
});

describe("the cap: a larger quantity never costs less", () => {
  it("keeps the total non-decreasing for every even quantity up to the maximum", () => {
    let previous = 0;
    for (let grams = 2; grams <= MAX_GRAMS; grams += 2) {
      const total = gramsTotalCents(grams);
      expect(total, `${grams} g`).toBeGreaterThanOrEqual(previous);
      previous = total;
    }
  });

  it("keeps every quantity at or below the price of the next table quantity", () => {
    const table = [...PRICE_TABLE_CENTS.keys()];
    for (let grams = 2; grams <= 100; grams += 2) {
      const next = table.find((quantity) => quantity >= grams)!;
      expect(gramsTotalCents(grams), `${grams} g`).toBeLessThanOrEqual(PRICE_TABLE_CENTS.get(next)!);
    }
  });
});

describe("packaging (docs/requirements.md: one rule)", () => {
  it("charges nothing below 50 g even when enabled, and R$ 1,00 per sachet from 50 g", () => {
    for (let grams = 2; grams < PACKAGING_MIN_GRAMS; grams += 2) {
      expect(priceGrams(grams, { enabled: true }).packagingFeeCents, `${grams} g`).toBe(0);
    }
    expect(priceGrams(50, { enabled: true }).packagingFeeCents).toBe(2500);
    expect(priceGrams(52, { enabled: true }).packagingFeeCents).toBe(2600);
    expect(priceGrams(100, { enabled: true }).packagingFeeCents).toBe(5000);
    expect(priceGrams(100, { enabled: false }).packagingFeeCents).toBe(0);
    expect(priceGrams(52, { enabled: true }).finalTotalCents).toBe(51600 + 2600);
  });

  it("counts one 2 g sachet per step, rounding up", () => {
    expect(sachetCount(2)).toBe(1);
    expect(sachetCount(3)).toBe(2);
    expect(sachetCount(50)).toBe(25);
    expect(sachetCount(51)).toBe(26);
  });
});
