import type { z } from "zod";
import { fetchJson, type ApiAnswer } from "#app/lib/fetch-json.ts";
import type { cepLookupSchema, checkoutShippingQuoteSchema, placedOrderSchema } from "#domain/checkout/checkout-api-schemas.ts";
import type { PlaceOrderInput } from "#domain/checkout/checkout-schemas.ts";

/** A checkout call typed by its response schema `S`; errors are ApiCallError with the server's Portuguese message and code. */
function checkoutCall<S extends z.ZodType>(path: string, init: { json: unknown }): Promise<ApiAnswer<S>> {
  return fetchJson<S>(`/api${path}`, { ...init, fallbackMessage: "Não foi possível concluir. Tente novamente." });
}

/** The checkout's calls (server/api/checkout.ts and shipping.ts), each typed by its endpoint's response schema. */
export const checkoutApi = {
  lookupCep: (cep: string) => checkoutCall<typeof cepLookupSchema>("/checkout/cep-lookup", { json: { cep } }),
  quoteShipping: (cep: string) => checkoutCall<typeof checkoutShippingQuoteSchema>("/checkout/shipping-quote", { json: { cep } }),
  placeOrder: (body: PlaceOrderInput) => checkoutCall<typeof placedOrderSchema>("/checkout/orders", { json: body }),
};
