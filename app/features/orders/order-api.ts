import type { z } from "zod";
import { fetchJson, type ApiAnswer } from "#app/lib/fetch-json.ts";
import type { cepLookupSchema, checkoutShippingQuoteSchema, placedOrderSchema } from "#domain/checkout/checkout-api-schemas.ts";
import type { PlaceOrderInput } from "#domain/checkout/checkout-schemas.ts";

/**
 * Browser calls to the order and checkout API, typed by the endpoint's response schema `S` (without
 * it, the answer is `unknown`); errors are ApiCallError with the server's Portuguese message and code.
 */
export function orderApi<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<ApiAnswer<S>> {
  return fetchJson<S>(`/api${path}`, { ...init, fallbackMessage: "Não foi possível concluir. Tente novamente." });
}

/** The checkout's calls (server/api/orders.ts), each typed by its endpoint's response schema. */
export const checkoutApi = {
  lookupCep: (cep: string) => orderApi<typeof cepLookupSchema>("/checkout/cep-lookup", { json: { cep } }),
  quoteShipping: (cep: string) => orderApi<typeof checkoutShippingQuoteSchema>("/checkout/shipping-quote", { json: { cep } }),
  placeOrder: (body: PlaceOrderInput) => orderApi<typeof placedOrderSchema>("/checkout/orders", { json: body }),
};
