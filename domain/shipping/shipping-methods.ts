/** The Correios services the shop ships with (PRODUCT.md checkout step 3); browser-safe. */
export const SHIPPING_METHODS = ["pac", "sedex"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = { pac: "PAC", sedex: "SEDEX" };
