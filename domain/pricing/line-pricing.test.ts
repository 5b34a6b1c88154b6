import { describe, expect, it } from "vitest";
import { DEFAULT_PACKAGING_FEE_CENTS, gramsTotalCents, MAX_GRAMS, PACKAGING_MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { packagingOffered, priceLine, pricingSubject } from "#domain/pricing/line-pricing.ts";
import { MAX_UNITS, quote } from "#domain/pricing/price-quote.ts";

const GRAM = { unitType: "gram" } as const;
const kit = (unitPriceCents: number) => ({ unitType: "unit", unitPriceCents }) as const;

describe("priceLine (the one line pricer)", () => {
  it("prices a gram line by the table, with its discount against R$ 20,00 per gram", () => {
    expect(priceLine(GRAM, 10, false)).toEqual({
      unitType: "gram",
      quantity: 10,
      unitPriceCents: 13_00,
      discountCents: 70_00,
      totalPriceCents: 130_00,
      packagingEnabled: false,
      packagingFeePerSachetCents: DEFAULT_PACKAGING_FEE_CENTS,
      sachetCount: 5,
      packagingFeeCents: 0,
      lineTotalCents: 130_00,
    });
  });

  it("charges packaging as docs/requirements.md's one rule: R$ 1,00 times ceil(quantity / 2) sachets, from 50 g", () => {
    expect(DEFAULT_PACKAGING_FEE_CENTS).toBe(1_00);
    expect(PACKAGING_MIN_GRAMS).toBe(50);
    expect(priceLine(GRAM, 50, true)).toMatchObject({
      packagingEnabled: true,
      sachetCount: 25,
      packagingFeeCents: 25_00,
      lineTotalCents: 525_00,
    });
    expect(priceLine(GRAM, 60, true)).toMatchObject({ packagingFeeCents: 30_00, totalPriceCents: 580_00, lineTotalCents: 610_00 });
    expect(priceLine(GRAM, MAX_GRAMS, true)).toMatchObject({ sachetCount: 500, packagingFeeCents: 500_00 });
  });

  it("does not charge (nor record as enabled) packaging asked for below 50 g", () => {
    const fortyEight = priceLine(GRAM, 48, true);
    expect(fortyEight).toMatchObject({ packagingEnabled: false, sachetCount: 24, packagingFeeCents: 0 });
    expect(fortyEight.lineTotalCents).toBe(fortyEight.totalPriceCents);
  });

  it("charges nothing for packaging that was not asked for", () => {
    expect(priceLine(GRAM, 100, false)).toMatchObject({ packagingEnabled: false, packagingFeeCents: 0, lineTotalCents: 900_00 });
  });

  it("prices a unit line at its unit price times the quantity, never with packaging or discount", () => {
    for (const requested of [false, true]) {
      expect(priceLine(kit(89_90), 2, requested)).toEqual({
        unitType: "unit",
        quantity: 2,
        unitPriceCents: 89_90,
        discountCents: 0,
        totalPriceCents: 179_80,
        packagingEnabled: false,
        packagingFeePerSachetCents: DEFAULT_PACKAGING_FEE_CENTS,
        sachetCount: null,
        packagingFeeCents: 0,
        lineTotalCents: 179_80,
      });
    }
    // Even 50 or more units: packaging belongs to gram lines only.
    expect(priceLine(kit(47_00), 60, true)).toMatchObject({ packagingEnabled: false, packagingFeeCents: 0, lineTotalCents: 60 * 47_00 });
  });

  it("agrees with the product page's quote (calculate-price) for every sellable gram quantity, packaging on and off", () => {
    for (let grams = 2; grams <= MAX_GRAMS; grams += 2) {
      for (const requested of [false, true]) {
        const line = priceLine(GRAM, grams, requested);
        const page = quote(GRAM, grams, requested);
        expect(line.totalPriceCents, `${grams} g`).toBe(gramsTotalCents(grams));
        expect(line.packagingFeeCents, `${grams} g`).toBe(page.packagingFeeCents);
        expect(line.lineTotalCents, `${grams} g`).toBe(page.finalTotalCents);
        expect(line.lineTotalCents, `${grams} g`).toBe(line.totalPriceCents + line.packagingFeeCents);
        expect(line.packagingFeeCents, `${grams} g`).toBe(line.packagingEnabled ? line.packagingFeePerSachetCents * line.sachetCount! : 0);
      }
    }
  });

  it("refuses quantities a product is not sold in, like quote", () => {
    for (const grams of [0, 1, 3, MAX_GRAMS + 2, 2.5]) expect(() => priceLine(GRAM, grams, false), `${grams} g`).toThrow(RangeError);
    for (const units of [0, MAX_UNITS + 1, 1.5]) expect(() => priceLine(kit(10_00), units, false), `${units} un`).toThrow(RangeError);
  });
});

describe("packagingOffered", () => {
  it("offers packaging to gram lines from 50 g only", () => {
    expect(packagingOffered("gram", 48)).toBe(false);
    expect(packagingOffered("gram", 50)).toBe(true);
    expect(packagingOffered("unit", 50)).toBe(false);
  });
});

describe("pricingSubject", () => {
  it("prices gram products by the table and unit products by their price (none: 0)", () => {
    expect(pricingSubject("gram", 12_34)).toEqual({ unitType: "gram" });
    expect(pricingSubject("unit", 89_90)).toEqual({ unitType: "unit", unitPriceCents: 89_90 });
    expect(pricingSubject("unit", null)).toEqual({ unitType: "unit", unitPriceCents: 0 });
  });
});
