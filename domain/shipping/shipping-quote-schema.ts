import { z } from "zod";
import { SHIPPING_METHODS } from "#domain/shipping/shipping-methods.ts";

/**
 * A shipping quote, the one answer of both places that quote (the cart's estimate and the
 * checkout's options for the address's CEP), browser-safe. `needsShipping` is false when nothing
 * in the parcel ships (a digital-only checkout): no options, no region. `region` is the table
 * region that priced the CEP (null when none covers it, so no options either). Cheapest first.
 */
export const shippingQuoteOptionSchema = z.object({
  method: z.enum(SHIPPING_METHODS),
  label: z.string(),
  priceCents: z.number().int().describe("centavos"),
  deliveryDays: z.number().int(),
});

export const shippingQuoteAnswerSchema = z.object({
  cep: z.string(),
  needsShipping: z.boolean(),
  region: z.string().nullable(),
  options: z.array(shippingQuoteOptionSchema),
});

export type ShippingQuoteOption = z.infer<typeof shippingQuoteOptionSchema>;
export type ShippingQuote = z.infer<typeof shippingQuoteAnswerSchema>;
