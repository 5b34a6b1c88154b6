import type { DiscountLine } from "#domain/coupons/coupon-rules.ts";
import { moneyLines, type MoneyLine } from "#domain/pricing/money-lines.ts";
import { shippingMethodLabel } from "#domain/shipping/shipping-methods.ts";
import type { CheckoutCart } from "#app/features/checkout/checkout-types.ts";

/** What the checkout says while no shipping method is chosen. */
export const CHECKOUT_FREIGHT_HINT = "Escolha o envio";

/**
 * The checkout's money lines: the cart as the checkout priced it on the server, the freight of the
 * chosen method as the server quoted it, and the coupon and credit priced by the rules the server
 * prices the order with (coupon-rules.ts); so the order's lines read the same after it is placed.
 */
export function checkoutMoneyLines(
  cart: Pick<CheckoutCart, "subtotalCents" | "packagingCents" | "needsShipping">,
  shipping: { cents: number; method: string } | null,
  discounts: readonly DiscountLine[] = [],
): MoneyLine[] {
  return moneyLines({
    productsCents: cart.subtotalCents,
    packagingCents: cart.packagingCents,
    freight: !cart.needsShipping
      ? { kind: "not_needed" }
      : shipping
        ? { kind: "priced", cents: shipping.cents, method: shippingMethodLabel(shipping.method) }
        : { kind: "to_choose", hint: CHECKOUT_FREIGHT_HINT },
    discounts,
  });
}
