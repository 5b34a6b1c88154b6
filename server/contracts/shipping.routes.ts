/** The shipping operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const shippingRoutes = {
  cepLookup: { method: "post", path: "/checkout/cep-lookup" },
  checkoutShippingQuote: { method: "post", path: "/checkout/shipping-quote" },
  adminGetShippingRates: { method: "get", path: "/admin/shipping-rates" },
  adminPutShippingRates: { method: "put", path: "/admin/shipping-rates" },
} as const;
