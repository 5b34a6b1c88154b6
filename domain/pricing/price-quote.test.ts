import { describe, expect, it } from "vitest";
import { gramsTotalCents, MAX_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { centsFromReais, MAX_UNITS, normalizeQuantity, quantityProblem, quote, toPricingResponse } from "#domain/pricing/price-quote.ts";

describe("quote", () => {
  it("prices gram products with the table, tiers, cap and packaging rule", () => {
    const price = quote({ unitType: "gram" }, 50, true);
    expect(price).toMatchObject({
      unitType: "gram",
      quantity: 50,
      unitPriceCents: 1000,
      discountPercentage: 50,
      discountAmountCents: 50000,
      baseTotalCents: 100000,
      totalPriceCents: 50000,
      packagingFeeCents: 2500,
      finalTotalCents: 52500,
      sachetCount: 25,
    });
  });

  it("prices unit products at the unit price times the quantity, with no discount and no packaging", () => {
    const price = quote({ unitType: "unit", unitPriceCents: 8990 }, 3, true);
    expect(price).toMatchObject({
      unitPriceCents: 8990,
      discountPercentage: 0,
      discountAmountCents: 0,
      baseTotalCents: 26970,
      totalPriceCents: 26970,
      packagingFeeCents: 0,
      finalTotalCents: 26970,
      sachetCount: null,
    });
  });

  it("refuses quantities that cannot be sold", () => {
    for (const grams of [0, 1, 3, -2, 2.5, MAX_GRAMS + 2])
      expect(() => quote({ unitType: "gram" }, grams, false), String(grams)).toThrow(RangeError);
    for (const units of [0, -1, 1.5, MAX_UNITS + 1]) {
      expect(() => quote({ unitType: "unit", unitPriceCents: 100 }, units, false), String(units)).toThrow(RangeError);
    }
  });
});

describe("quantityProblem", () => {
  it("explains in Portuguese what is wrong with a quantity", () => {
    expect(quantityProblem("gram", 2)).toBeNull();
    expect(quantityProblem("gram", 3)).toMatch(/número par de gramas/);
    expect(quantityProblem("gram", 0)).toMatch(/mínima é 2 g/);
    expect(quantityProblem("gram", MAX_GRAMS + 2)).toMatch(/máxima/);
    expect(quantityProblem("gram", 2.5)).toMatch(/inteiro/);
    expect(quantityProblem("unit", 1)).toBeNull();
    expect(quantityProblem("unit", 0)).toMatch(/mínima é 1 unidade/);
    expect(quantityProblem("unit", MAX_UNITS + 1)).toMatch(/máxima é 99 unidades/);
  });
});

describe("normalizeQuantity (what the quantity field keeps of what was typed)", () => {
  it("rounds grams up to a whole 2 g sachet within 2 g and the maximum", () => {
    expect(normalizeQuantity("gram", 11)).toBe(12);
    expect(normalizeQuantity("gram", 1)).toBe(2);
    expect(normalizeQuantity("gram", 0)).toBe(2);
    expect(normalizeQuantity("gram", -8)).toBe(2);
    expect(normalizeQuantity("gram", 2.4)).toBe(2);
    expect(normalizeQuantity("gram", 50)).toBe(50);
    expect(normalizeQuantity("gram", 5000)).toBe(MAX_GRAMS);
    expect(normalizeQuantity("gram", Number.NaN)).toBe(2);
  });

  it("keeps units whole between 1 and 99", () => {
    expect(normalizeQuantity("unit", 0)).toBe(1);
    expect(normalizeQuantity("unit", 2.6)).toBe(3);
    expect(normalizeQuantity("unit", 500)).toBe(MAX_UNITS);
  });
});

describe("the spec's pricing response", () => {
  it("carries the spec's fields in reais, derived from cents", () => {
    expect(toPricingResponse(quote({ unitType: "gram" }, 10, false))).toEqual({
      unit_price: 13,
      discount_percentage: 35,
      discount_amount: 70,
      base_total: 200,
      total_price: 130,
      packaging_fee: 0,
      final_total: 130,
      sachet_count: 5,
      currency: "BRL",
    });
  });

  it("goes back to the same cents for every even quantity, packaging on and off", () => {
    for (let grams = 2; grams <= MAX_GRAMS; grams += 2) {
      for (const packaging of [false, true]) {
        const price = quote({ unitType: "gram" }, grams, packaging);
        const response = toPricingResponse(price);
        expect(centsFromReais(response.final_total), `${grams} g`).toBe(price.finalTotalCents);
        expect(centsFromReais(response.total_price)).toBe(gramsTotalCents(grams));
        expect(centsFromReais(response.unit_price)).toBe(price.unitPriceCents);
        expect(centsFromReais(response.packaging_fee)).toBe(price.packagingFeeCents);
      }
    }
  });
});
