import { apiClient } from "#app/lib/api-client.ts";
import type { PlaceOrderInput } from "#domain/checkout/checkout-schemas.ts";
import type { checkoutContract } from "#server/contracts/checkout.ts";
import { checkoutRoutes } from "#server/contracts/checkout.routes.ts";
import { shippingRoutes } from "#server/contracts/shipping.routes.ts";
import type { shippingContract } from "#server/contracts/shipping.ts";

/**
 * The checkout's calls (server/contracts/checkout.ts and shipping.ts), typed by their contracts;
 * errors are ApiCallError with the server's Portuguese message and code.
 */
const FALLBACK = "Não foi possível concluir. Tente novamente.";
const checkout = apiClient<typeof checkoutContract>(checkoutRoutes, { fallbackMessage: FALLBACK });
const shipping = apiClient<typeof shippingContract>(shippingRoutes, { fallbackMessage: FALLBACK });

export const checkoutApi = {
  lookupCep: (cep: string) => shipping.call("cepLookup", { body: { cep } }),
  quoteShipping: (cep: string) => shipping.call("checkoutShippingQuote", { body: { cep } }),
  placeOrder: (body: PlaceOrderInput) => checkout.call("placeOrder", { body }),
};
