import { quote } from "#domain/pricing/price-quote.ts";
import { computeTotals, lineSavings, packagingFee, packagingFor } from "#domain/cart/cart-rules.ts";
import type { CartLine, CartView } from "#domain/cart/cart-types.ts";

/**
 * What the cart page shows while the server confirms a change (spec §4: optimistic updates),
 * priced by the same modules as the server so the numbers do not jump when its answer lands.
 */

/** The line as it will be after a change of quantity or packaging. */
export function repriced(line: CartLine, quantity: number, packagingEnabled: boolean): CartLine {
  const subject = line.unitType === "gram" ? { unitType: "gram" as const } : { unitType: "unit" as const, unitPriceCents: line.unitPriceCents };
  let price;
  try {
    price = quote(subject, quantity, false);
  } catch {
    // A quantity the server will refuse: show it as typed until the refusal rolls it back.
    return { ...line, quantity };
  }
  const packaging = packagingFor(line.unitType, quantity, packagingEnabled, line.packaging.fee_amount);
  const fee = packagingFee(line.unitType, quantity, packaging);
  return {
    ...line,
    quantity,
    unitPriceCents: price.unitPriceCents,
    totalPriceCents: price.totalPriceCents,
    packaging,
    packagingFeeCents: fee,
    lineTotalCents: price.totalPriceCents + fee,
    savingsCents: lineSavings(line.unitType, quantity, price.totalPriceCents),
  };
}

/** The cart with other lines, its totals recomputed (the chosen shipping kept). */
export function withLines(view: CartView, items: CartLine[]): CartView {
  return { ...view, items, totals: computeTotals(items, view.totals.shippingTotal) };
}
