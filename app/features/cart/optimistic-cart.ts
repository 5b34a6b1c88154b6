import { computeTotals } from "#domain/cart/cart-rules.ts";
import type { CartLine, CartView } from "#domain/cart/cart-types.ts";

/**
 * What the cart page shows while the server confirms a change (spec §4: optimistic updates). Each
 * line is repriced by the domain's one line pricer (repriceCartLine), as the server prices it, so
 * the numbers do not jump when its answer lands.
 */

/** The cart with other lines, its totals recomputed (the chosen shipping kept). */
export function withLines(view: CartView, items: CartLine[]): CartView {
  return { ...view, items, totals: computeTotals(items, view.totals.shippingTotal) };
}
