import { describe, expect, it } from "vitest";
import { gramsTotalCents, isValidGramQuantity, MAX_GRAMS, priceGrams, PRICE_TABLE_CENTS } from "./gram-pricing";

describe("gram pricing (spec §9)", () => {
  it("charges exactly the table for table quantities", () => {
    const expected: Array<[number, number]> = [
      [2, 4000], [4, 7200], [6, 9600], [8, 12000], [10, 13000],
      [20, 25000], [30, 36000], [40, 44000], [50, 50000], [100, 90000],
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
});
