import { moneyLines, type MoneyLine } from "#domain/pricing/money-lines.ts";
import type { CartView } from "#domain/cart/cart-types.ts";
import { shippingMethodLabel } from "#domain/shipping/shipping-methods.ts";

/** What the cart says while no CEP has been quoted. */
export const CART_FREIGHT_HINT = "Calcule pelo CEP";

/**
 * The cart's money lines: its lines' products and packaging as the server priced them, and the
 * freight the customer estimated by CEP. No discounts yet: coupons and credit come at checkout.
 */
export function cartMoneyLines(view: Pick<CartView, "items" | "needsShipping" | "shipping" | "totals">): MoneyLine[] {
  return moneyLines({
    productsCents: view.items.reduce((sum, line) => sum + line.totalPriceCents, 0),
    packagingCents: view.items.reduce((sum, line) => sum + line.packagingFeeCents, 0),
    freight: !view.needsShipping
      ? { kind: "not_needed" }
      : view.shipping
        ? { kind: "priced", cents: view.shipping.priceCents, method: shippingMethodLabel(view.shipping.method) }
        : { kind: "to_choose", hint: CART_FREIGHT_HINT },
    discounts: [],
    totalCents: view.totals.total,
  });
}
