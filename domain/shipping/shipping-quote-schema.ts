import { z } from "zod";
import { SHIPPING_CHOICE_PATTERN } from "#domain/shipping/shipping-methods.ts";

/** A shipping method as a form or the API sends it: a table method or a Melhor Envio service (decision 073). */
export const shippingChoiceSchema = z.string("Escolha a forma de envio.").regex(SHIPPING_CHOICE_PATTERN, "Escolha a forma de envio.");

/**
 * A shipping quote, the one answer of both places that quote (the cart's estimate and the
 * checkout's options for the address's CEP), browser-safe. `needsShipping` is false when nothing
 * in the parcel ships (a digital-only checkout): no options, no region. `region` is the table
 * region that priced the CEP (null when none covers it, and for live quotes). `source` says who
 * priced it: the owner's table, or Melhor Envio's live quote (decision 073). Cheapest first.
 */
export const shippingQuoteOptionSchema = z.object({
  method: shippingChoiceSchema,
  label: z.string(),
  priceCents: z.number().int().describe("centavos"),
  deliveryDays: z.number().int(),
});

export const shippingQuoteAnswerSchema = z.object({
  cep: z.string(),
  needsShipping: z.boolean(),
  region: z.string().nullable(),
  source: z.enum(["table", "melhorenvio"]),
  options: z.array(shippingQuoteOptionSchema),
});

export type ShippingQuoteOption = z.infer<typeof shippingQuoteOptionSchema>;
export type ShippingQuote = z.infer<typeof shippingQuoteAnswerSchema>;
