/**
 * Melhor Envio's live quote (issue 30 item 1, decision 073): POST /shipment/calculate with the parcel's
 * weight (kg) and outer size (cm) from the shop's sender CEP. Its answer is an array with one entry
 * per service; a service that cannot carry the parcel comes back with `error` in a 200 answer and is
 * left out. Prices are strings in reais: `custom_price` and `custom_delivery_time` apply the shop's
 * own panel settings (extra days, markup), so those are the ones the shopper sees.
 */
import { z } from "zod";
import { providerRequest, serviceRefused } from "#platform/http/provider-request.ts";
import type { MelhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import { MELHOR_ENVIO_SERVICE_NAMES, melhorEnvioMethod } from "#domain/shipping/shipping-methods.ts";
import type { ShippingQuoteOption } from "#domain/shipping/shipping-quote-schema.ts";
import type { Parcel } from "#domain/shipping/parcel.ts";

/** The services asked for: Correios PAC, SEDEX and Mini Envios, Jadlog .Package and .Com. */
export const MELHOR_ENVIO_SERVICES = "1,2,3,4,17";

const answerSchema = z.array(
  z.looseObject({
    id: z.number().int().positive(),
    name: z.string(),
    error: z.string().optional(),
    custom_price: z.string().optional(),
    price: z.string().optional(),
    custom_delivery_time: z.number().optional(),
    delivery_time: z.number().optional(),
    company: z.looseObject({ name: z.string() }).optional(),
  }),
);

export type LiveQuoteRequest = { fromCep: string; toCep: string; parcel: Parcel; timeoutMs: number };

/**
 * The services that can carry the parcel, cheapest first. Throws ServiceUnavailableError when Melhor
 * Envio is slow, down, refuses the request (a CEP it does not know is a 422) or answers garbage:
 * the caller falls back to the shop's table.
 */
export async function melhorEnvioQuote(access: MelhorEnvioAccess, request: LiveQuoteRequest): Promise<ShippingQuoteOption[]> {
  const { parcel } = request;
  const answer = await providerRequest({
    provider: "melhorenvio",
    method: "POST",
    url: `${access.apiUrl}/shipment/calculate`,
    headers: { authorization: `Bearer ${access.token}`, "user-agent": access.userAgent },
    body: {
      from: { postal_code: request.fromCep },
      to: { postal_code: request.toCep },
      package: { height: parcel.heightCm, width: parcel.widthCm, length: parcel.lengthCm, weight: parcel.weightGrams / 1000 },
      options: { receipt: false, own_hand: false },
      services: MELHOR_ENVIO_SERVICES,
    },
    timeoutMs: request.timeoutMs,
  });
  if (answer.status !== 200) throw serviceRefused(answer, "Melhor Envio /shipment/calculate");
  const parsed = answerSchema.safeParse(answer.json);
  if (!parsed.success) throw serviceRefused(answer, "Melhor Envio /shipment/calculate (unexpected answer)");
  return parsed.data
    .flatMap((service): ShippingQuoteOption[] => {
      const price = Number(service.custom_price ?? service.price);
      const days = service.custom_delivery_time ?? service.delivery_time;
      if (service.error || !Number.isFinite(price) || price <= 0 || days === undefined) return [];
      return [
        {
          method: melhorEnvioMethod(service.id),
          label: serviceLabel(service.id, service.name, service.company?.name),
          priceCents: Math.round(price * 100),
          deliveryDays: Math.max(1, Math.ceil(days)),
        },
      ];
    })
    .sort((a, b) => a.priceCents - b.priceCents);
}

/** "PAC", "Mini Envios", "Jadlog .Package": Correios' services by their own name, others with the carrier's. */
function serviceLabel(id: number, name: string, company: string | undefined): string {
  const known = MELHOR_ENVIO_SERVICE_NAMES[id];
  if (known) return known;
  return company && company !== "Correios" ? `${company} ${name}` : name;
}
