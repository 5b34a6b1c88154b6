import type { z } from "zod";
import type {
  addItemInput,
  addItemResultSchema,
  cartCountSchema,
  cartLineSchema,
  cartShippingSchema,
  cartStatusCheckSchema,
  cartStatusSchema,
  cartTotalsSchema,
  cartViewSchema,
  packagingSchema,
  updateItemInput,
} from "#domain/cart/cart-schemas.ts";

/**
 * The cart as the API returns it: `z.infer` of the API's own schemas (cart-schemas.ts). Imported as
 * types only, so a page that needs these types does not load zod. Money is integer cents.
 */

export type CartStatus = z.infer<typeof cartStatusSchema>;

/** Spec §3 packaging metadata; `fee_amount` is cents per 2 g sachet. */
export type Packaging = z.infer<typeof packagingSchema>;

export type CartLine = z.infer<typeof cartLineSchema>;

/** Spec §3 "Cart totals", in cents; itemCount is the number of lines (the header badge). */
export type CartTotals = z.infer<typeof cartTotalsSchema>;

export type CartShipping = z.infer<typeof cartShippingSchema>;

export type CartView = z.infer<typeof cartViewSchema>;

export type CartCount = z.infer<typeof cartCountSchema>;

/** Answer of the completed-cart check (spec §4). */
export type CartStatusCheck = z.infer<typeof cartStatusCheckSchema>;

/**
 * What the browser sends to add a line. `idempotencyKey`: one per add the customer asked for, never
 * per request, so every replay of it (a lost answer, the offline queue) is applied once.
 */
export type AddItemBody = z.input<typeof addItemInput>;
/** `itemId` is null when the add was applied before and its line has been removed since. */
export type AddItemResult = z.infer<typeof addItemResultSchema>;
export type UpdateItemBody = z.input<typeof updateItemInput>;

/**
 * Realtime event about a cart (bus topic user:/session:). `originTab` is the tab whose request made
 * the change, when it said (header x-cart-tab): that tab has already updated itself.
 */
export type CartChangedEvent = {
  cartId: string;
  reason: "added" | "updated" | "removed" | "migrated" | "shipping" | "status";
  itemCount: number;
  originTab?: string;
};

export const EMPTY_TOTALS: CartTotals = { subtotal: 0, total: 0, shippingTotal: 0, savings: 0, itemCount: 0 };

export const EMPTY_CART: CartView = {
  cartId: null,
  status: null,
  items: [],
  totals: EMPTY_TOTALS,
  needsShipping: false,
  shipping: null,
  productionDays: 0,
  migrationPending: false,
};
