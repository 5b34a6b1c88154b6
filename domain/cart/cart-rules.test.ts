import { describe, expect, it } from "vitest";
import {
  cartQuantityProblem,
  computeTotals,
  lineSavings,
  MINIMUM_QUANTITY_MESSAGE,
  normalizeCep,
  normalizePackaging,
  packagingFee,
  packagingFor,
} from "#domain/cart/cart-rules.ts";

describe("quantity rules", () => {
  it("answers below 2 g with the spec's message, and other problems in Portuguese", () => {
    expect(MINIMUM_QUANTITY_MESSAGE).toBe("Minimum quantity is 2");
    for (const quantity of [1, 0, -4]) expect(cartQuantityProblem("gram", quantity)).toEqual({ code: "minimum_quantity", message: "Minimum quantity is 2" });
    expect(cartQuantityProblem("gram", 3)?.code).toBe("invalid_quantity");
    expect(cartQuantityProblem("gram", 2.5)?.code).toBe("invalid_quantity");
    expect(cartQuantityProblem("gram", 1002)?.code).toBe("invalid_quantity");
    expect(cartQuantityProblem("gram", Number.NaN)?.code).toBe("invalid_quantity");
    expect(cartQuantityProblem("unit", 0)?.message).toMatch(/mínima é 1/);
    expect(cartQuantityProblem("unit", 100)?.code).toBe("invalid_quantity");
    expect(cartQuantityProblem("gram", 2)).toBeNull();
    expect(cartQuantityProblem("unit", 1)).toBeNull();
  });
});

describe("packaging", () => {
  it("is offered to gram lines from 50 g, one fee per 2 g sachet", () => {
    expect(packagingFor("gram", 48, true)).toEqual({ enabled: false, fee_amount: 100, sachet_count: 24 });
    const fifty = packagingFor("gram", 50, true);
    expect(fifty).toEqual({ enabled: true, fee_amount: 100, sachet_count: 25 });
    expect(packagingFee("gram", 50, fifty)).toBe(25_00);
    expect(packagingFor("unit", 3, true)).toEqual({ enabled: false, fee_amount: 100, sachet_count: 0 });
  });

  it("converts legacy packaging_fee / packaging_fee_amount (reais per sachet) into the metadata", () => {
    expect(normalizePackaging({ packaging_fee: true, packaging_fee_amount: 1.5 }, "gram", 60)).toEqual({ enabled: true, fee_amount: 150, sachet_count: 30 });
    expect(normalizePackaging({ packaging_fee: 30, packaging_fee_amount: 1 }, "gram", 60)).toEqual({ enabled: true, fee_amount: 100, sachet_count: 30 });
    expect(normalizePackaging({ packaging_fee: false }, "gram", 60)).toEqual({ enabled: false, fee_amount: 100, sachet_count: 30 });
    expect(normalizePackaging({ packaging: { enabled: true, fee_amount: 120, sachet_count: 1 } }, "gram", 52)).toEqual({
      enabled: true,
      fee_amount: 120,
      sachet_count: 26,
    });
    expect(normalizePackaging(null, "gram", 4)).toEqual({ enabled: false, fee_amount: 100, sachet_count: 2 });
  });
});

describe("totals", () => {
  it("sums lines, savings and shipping; itemCount is the number of lines", () => {
    expect(lineSavings("gram", 10, 130_00)).toBe(70_00);
    expect(lineSavings("unit", 2, 179_80)).toBe(0);
    expect(
      computeTotals(
        [
          { lineTotalCents: 130_00, savingsCents: 70_00 },
          { lineTotalCents: 89_90, savingsCents: 0 },
        ],
        18_90,
      ),
    ).toEqual({ subtotal: 219_90, savings: 70_00, shippingTotal: 18_90, total: 238_80, itemCount: 2 });
  });
});

describe("CEP", () => {
  it("accepts 8 digits with or without the dash", () => {
    expect(normalizeCep("01310-100")).toBe("01310100");
    expect(normalizeCep(" 01310100 ")).toBe("01310100");
    expect(normalizeCep("1310-100")).toBeNull();
    expect(normalizeCep("00000-000")).toBeNull();
    expect(normalizeCep("abcde-fgh")).toBeNull();
  });
});
