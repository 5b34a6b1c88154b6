import { z } from "zod";
import { SHIPPING_METHODS } from "#domain/shipping/shipping-methods.ts";

/**
 * The checkout API's answers (server/api/checkout.ts and shipping.ts); the checkout page's calls are typed by them
 * (app/shared/order-api.ts). Apart from checkout-schemas.ts (the form's schemas, which the
 * page runs): the page needs only these types, so it does not carry these schemas.
 */

/** POST /checkout/cep-lookup: the address of a CEP, or why there is none (the customer then types it). */
export const cepLookupSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    address: z.object({
      cep: z.string(),
      street: z.string(),
      complement: z.string(),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string(),
    }),
  }),
  z.object({ ok: z.literal(false), reason: z.enum(["not_found", "unavailable"]) }),
]);
export type CepLookupAnswer = z.infer<typeof cepLookupSchema>;

/** POST /checkout/shipping-quote: PAC and SEDEX for the cart and a CEP. */
export const checkoutShippingQuoteSchema = z.object({
  needsShipping: z.boolean(),
  options: z.array(
    z.object({
      method: z.enum(SHIPPING_METHODS),
      label: z.string(),
      priceCents: z.number().int(),
      deliveryDays: z.number().int(),
      region: z.string(),
    }),
  ),
});
export type CheckoutShippingQuote = z.infer<typeof checkoutShippingQuoteSchema>;

/** POST /checkout/orders: the order placed (or the one this key placed before: `replayed`). */
export const placedOrderSchema = z.object({ orderId: z.string(), number: z.number().int(), replayed: z.boolean() });
export type PlacedOrderAnswer = z.infer<typeof placedOrderSchema>;
