/** The cart as the API returns it (server/cart/cart-endpoints.ts). Money is integer cents. */

export type CartStatus = "active" | "completed" | "pending_payment";

/** Spec §3 packaging metadata; `fee_amount` is cents per 2 g sachet. */
export type Packaging = { enabled: boolean; fee_amount: number; sachet_count: number };

export type CartLine = {
  id: string;
  productId: string;
  productName: string;
  slug: string | null;
  image: string;
  quantity: number;
  unitType: "gram" | "unit";
  unitPriceCents: number;
  /** The line before packaging. */
  totalPriceCents: number;
  packaging: Packaging;
  packagingFeeCents: number;
  /** totalPriceCents + packagingFeeCents. */
  lineTotalCents: number;
  /** What the quantity discount saves against the base price. */
  savingsCents: number;
  needsShipping: boolean;
  shippingOption: { method: string; price_cents: number } | null;
};

/** Spec §3 "Cart totals", in cents; itemCount is the number of lines (the header badge). */
export type CartTotals = { subtotal: number; total: number; shippingTotal: number; savings: number; itemCount: number };

export type CartShipping = { method: string; label: string; priceCents: number; deliveryDays: number; cep: string };

export type CartView = {
  cartId: string | null;
  status: CartStatus | null;
  items: CartLine[];
  totals: CartTotals;
  needsShipping: boolean;
  shipping: CartShipping | null;
  /** Signed in while this browser's session still has an anonymous cart: the client runs the migration. */
  migrationPending: boolean;
};

export type CartCount = { count: number; cartId: string | null; migrationPending: boolean };

export type ShippingOptionQuote = { method: string; label: string; priceCents: number; deliveryDays: number };
export type ShippingQuote = { cep: string; region: string; options: ShippingOptionQuote[] };

/** Answer of the completed-cart check (spec §4). */
export type CartStatusCheck = { finished: boolean; cartId: string | null; status: CartStatus | null };

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
  migrationPending: false,
};
