/** Browser storage keys of spec §3, named once. */
export const STORAGE_KEYS = {
  cartSessionId: "cartSessionId",
  ageAndCookiesAccepted: "ageAndCookiesAccepted",
  cookiesPreferences: "cookiesPreferences",
  cartCountCache: "cart_count_cache",
  cartCountTimestamp: "cart_count_timestamp",
  cartOfflineQueue: "cart_offline_queue",
  cartItems: "cartItems",
  selectedShippingMethod: "selected_shipping_method",
  selectedShippingPrice: "selected_shipping_price",
  validatedShippingCep: "validated_shipping_cep",
  cartMetrics: "cart_metrics",
  cartEvents: "cart_events",
  abandonedCart: "abandoned_cart",
  suppressAuthToasts: "suppressAuthToasts",
  // Ours, not the spec's (decision 004): the cart this browser last saw (for the completed-cart
  // check), the cross-tab sync signal, and the cart error log (last 50).
  cartLastId: "cart_last_id",
  cartSync: "cart_sync",
  cartErrors: "cart_errors",
  // Ours (decision 018): this browser's random id on its consent events kept by the server.
  consentBrowserId: "consent_browser_id",
  // Ours (decision 063): the account this browser's consent events last joined (asked once per account).
  consentJoinedAccount: "consent_joined_account",
  // Ours (decision 063): what the customer typed in /checkout, for their cart only, never the CPF.
  checkoutDraft: "checkout_draft",
} as const;

/** localStorage that never throws (private mode, storage full, server rendering). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Storage unavailable: nothing was kept.
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  },
};
