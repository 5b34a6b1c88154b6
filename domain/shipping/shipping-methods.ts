/**
 * The shop's shipping methods (Correios PAC and SEDEX), browser-safe: the checkout's schemas, the
 * shipping quote and the pages name them from here, so shipping does not depend on checkout.
 */
export const SHIPPING_METHODS = ["pac", "sedex"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = { pac: "PAC", sedex: "SEDEX" };

/** "PAC" / "SEDEX" as the checkout names them, for a stored method; an unknown one keeps its name in capitals. */
export const shippingMethodLabel = (method: string): string => SHIPPING_METHOD_LABELS[method as ShippingMethod] ?? method.toUpperCase();
