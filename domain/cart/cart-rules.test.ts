import { describe, expect, it } from "vitest";
import {
  cartQuantityProblem,
  computeTotals,
  lineSavings,
  MINIMUM_QUANTITY_MESSAGE,
  normalizePackaging,
  packagingFee,
  packagingFor,
  cartLinePrice,
  repriceCartLine,
} from "#domain/cart/cart-rules.ts";
import type { CartLine } from "#domain/cart/cart-types.ts";
import { priceLine } from "#domain/pricing/line-pricing.ts";

describe("quantity rules", () => {
  it("answers below 2 g with the spec's message, and other problems in Portuguese", () => {
    expect(MINIMUM_QUANTITY_MESSAGE).toBe("Minimum quantity is 2");
    for (const quantity of [1, 0, -4])
      expect(cartQuantityProblem("gram", quantity)).toEqual({ code: "minimum_quantity", message: "Minimum quantity is 2" });
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

  // Issue 15: a line keeps its packaging choice, never its own amount; the fee is the shop's (docs/requirements.md).
  it("converts legacy packaging_fee / packaging_fee_amount (reais per sachet) into the metadata, with the shop's fee", () => {
    expect(normalizePackaging({ packaging_fee: true, packaging_fee_amount: 1.5 }, "gram", 60)).toEqual({
      enabled: true,
      fee_amount: 100,
      sachet_count: 30,
    });
    expect(normalizePackaging({ packaging_fee: 30, packaging_fee_amount: 1 }, "gram", 60)).toEqual({
      enabled: true,
      fee_amount: 100,
      sachet_count: 30,
    });
    expect(normalizePackaging({ packaging_fee: false }, "gram", 60)).toEqual({ enabled: false, fee_amount: 100, sachet_count: 30 });
    expect(normalizePackaging({ packaging: { enabled: true, fee_amount: 120, sachet_count: 1 } }, "gram", 52)).toEqual({
      enabled: true,
      fee_amount: 100,
      sachet_count: 26,
    });
    expect(packagingFee("gram", 52, { enabled: true, fee_amount: 120, sachet_count: 26 })).toBe(26_00);
    expect(normalizePackaging({ packaging: { enabled: true, fee_amount: 0, sachet_count: 0 } }, "gram", 60)).toEqual({
      enabled: true,
      fee_amount: 100,
      sachet_count: 30,
    });
    expect(normalizePackaging({ packaging: { enabled: true, fee_amount: 100, sachet_count: 30 } }, "unit", 60)).toEqual({
      enabled: false,
      fee_amount: 100,
      sachet_count: 0,
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

describe("cart lines from the line pricer", () => {
  const line = (overrides: Partial<CartLine>): CartLine => ({
    id: "linha",
    productId: "produto",
    productName: "Produto",
    slug: null,
    image: "/images/produto.webp",
    needsShipping: true,
    shippingOption: null,
    ...cartLinePrice(priceLine({ unitType: "gram" }, 10, false)),
    ...overrides,
  });

  it("gives a cart line the pricer's money, in the cart's field names", () => {
    expect(cartLinePrice(priceLine({ unitType: "gram" }, 60, true))).toEqual({
      quantity: 60,
      unitType: "gram",
      unitPriceCents: 9_67,
      totalPriceCents: 580_00,
      packaging: { enabled: true, fee_amount: 100, sachet_count: 30 },
      packagingFeeCents: 30_00,
      lineTotalCents: 610_00,
      savingsCents: 620_00,
    });
    expect(cartLinePrice(priceLine({ unitType: "unit", unitPriceCents: 89_90 }, 2, true))).toEqual({
      quantity: 2,
      unitType: "unit",
      unitPriceCents: 89_90,
      totalPriceCents: 179_80,
      packaging: { enabled: false, fee_amount: 100, sachet_count: 0 },
      packagingFeeCents: 0,
      lineTotalCents: 179_80,
      savingsCents: 0,
    });
  });

  it("reprices the browser's optimistic line like the server will, whatever fee the old line carried", () => {
    const before = line({ packaging: { enabled: false, fee_amount: 150, sachet_count: 5 } });
    const after = repriceCartLine(before, 50, true);
    expect(after).toEqual({ ...before, ...cartLinePrice(priceLine({ unitType: "gram" }, 50, true)) });
    expect(after).toMatchObject({ quantity: 50, totalPriceCents: 500_00, packagingFeeCents: 25_00, lineTotalCents: 525_00 });
    const kit = line({
      unitType: "unit",
      unitPriceCents: 89_90,
      quantity: 1,
      totalPriceCents: 89_90,
      lineTotalCents: 89_90,
      savingsCents: 0,
    });
    expect(repriceCartLine(kit, 3, false)).toMatchObject({
      quantity: 3,
      unitPriceCents: 89_90,
      totalPriceCents: 269_70,
      lineTotalCents: 269_70,
    });
  });

  it("changes only the quantity when the new one does not price (the server's refusal rolls it back)", () => {
    const before = line({});
    expect(repriceCartLine(before, 3, false)).toEqual({ ...before, quantity: 3 });
  });
});
