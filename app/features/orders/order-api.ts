import { apiClient } from "#app/lib/api-client.ts";
import type { PlaceOrderInput } from "#domain/checkout/checkout-schemas.ts";
import type { orderContract } from "#server/contracts/orders.ts";
import { orderRoutes } from "#server/contracts/routes.ts";

/**
 * The checkout's and the customer's order calls (server/contracts/orders.ts), typed by their
 * contract; errors are ApiCallError with the server's Portuguese message and code.
 */
export const ordersClient = apiClient<typeof orderContract>(orderRoutes, {
  fallbackMessage: "Não foi possível concluir. Tente novamente.",
});

/** The checkout's calls, by what they do. */
export const checkoutApi = {
  lookupCep: (cep: string) => ordersClient.call("cepLookup", { body: { cep } }),
  quoteShipping: (cep: string) => ordersClient.call("shippingQuote", { body: { cep } }),
  placeOrder: (body: PlaceOrderInput) => ordersClient.call("placeOrder", { body }),
};
