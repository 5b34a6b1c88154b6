/**
 * The shop's shipping methods (Correios PAC and SEDEX), browser-safe: the checkout's schemas, the
 * shipping quote and the pages name them from here, so shipping does not depend on checkout.
 */
export const SHIPPING_METHODS = ["pac", "sedex"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = { pac: "PAC", sedex: "SEDEX" };
