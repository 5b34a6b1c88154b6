import { moneyLines, type MoneyLine } from "#domain/pricing/money-lines.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { shippingMethodLabel } from "#domain/shipping/shipping-methods.ts";

type OrderAmounts = Pick<OrderDetail, "subtotalCents" | "packagingCents" | "shippingCents" | "shippingMethod" | "discounts" | "totalCents">;

/**
 * An order's money lines as its pages, the admin's panel and its e-mails show them: the amounts it
 * was placed with (the server's snapshot, total included), never priced again.
 */
export function orderMoneyLines(order: OrderAmounts): MoneyLine[] {
  return moneyLines({
    productsCents: order.subtotalCents,
    packagingCents: order.packagingCents,
    freight: order.shippingMethod
      ? { kind: "priced", cents: order.shippingCents, method: shippingMethodLabel(order.shippingMethod) }
      : { kind: "not_needed" },
    discounts: order.discounts,
    totalCents: order.totalCents,
  });
}
