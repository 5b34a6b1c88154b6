import { describe, expect, it } from "vitest";
import { cartMoneyLines } from "#domain/cart/cart-money-lines.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import { orderMoneyLines } from "#domain/orders/order-money-lines.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import type { MoneyLine } from "#domain/pricing/money-lines.ts";

// The cart and the order it becomes, through their adapters of the one presenter (checkout sits
// between the two modules, so the comparison lives here).
const pairs = (lines: MoneyLine[]) => lines.map((line) => [line.label, line.text]);

describe("the money lines of a cart and of its order", () => {
  it("reads the same for a cart and the order placed from it", () => {
    const cart = {
      items: [
        { totalPriceCents: 500_00, packagingFeeCents: 25_00 },
        { totalPriceCents: 89_90, packagingFeeCents: 0 },
      ],
      needsShipping: true,
      shipping: { method: "pac", label: "PAC", priceCents: 18_90, deliveryDays: 5, cep: "01310100" },
      totals: { subtotal: 614_90, total: 633_80, shippingTotal: 18_90, savings: 0, itemCount: 2 },
    } as unknown as CartView;
    const order = {
      subtotalCents: 589_90,
      packagingCents: 25_00,
      shippingCents: 18_90,
      shippingMethod: "pac",
      discounts: [],
      totalCents: 633_80,
    };
    expect(pairs(cartMoneyLines(cart))).toEqual(pairs(orderMoneyLines(order)));
    expect(pairs(orderMoneyLines(order))[2]).toEqual(["Frete (PAC)", formatBRL(18_90)]);
  });
});
