// Quotes: POST /api/v2/me/shipment/calculate (issue 30 item 1), in Melhor Envio's wire format: an
// array, one entry per service asked, prices as strings in reais with dot decimals; a service that
// cannot carry the parcel answers `error` in a 200; a CEP that is not 8 digits is a 422 with
// `errors` keyed by field. Prices grow with the weight and the distance between the CEPs' regions.
import type { Hono } from "hono";
import { FAKE_SERVICES, type FakeState } from "#test/fakes/melhorenvio/state.ts";

/** Mini Envios' limit (the real error text says "0,30kg"). */
const MINI_ENVIOS_MAX_KG = 0.3;
/** The Jadlog services serve no CEP of this region in the fake (AM, RR, AP, PA: 66-69…), like a real "trecho" they skip. */
const JADLOG_UNSERVED_PREFIX = "69";

type Body = {
  from?: { postal_code?: unknown };
  to?: { postal_code?: unknown };
  package?: { weight?: unknown; width?: unknown; height?: unknown; length?: unknown };
  products?: Array<{ weight?: unknown; quantity?: unknown }>;
  services?: unknown;
};

const BASE: Record<number, { price: number; perKg: number; days: number }> = {
  1: { price: 18.5, perKg: 6, days: 6 },
  2: { price: 29.9, perKg: 11, days: 2 },
  3: { price: 16.9, perKg: 5, days: 5 },
  17: { price: 11.25, perKg: 0, days: 7 },
};

export function quoteRoutes(app: Hono, state: FakeState): void {
  app.post("/api/v2/me/shipment/calculate", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Body;
    const errors: Record<string, string[]> = {};
    const from = String(body.from?.postal_code ?? "");
    const to = String(body.to?.postal_code ?? "");
    if (!/^\d{8}$/.test(from)) errors["from.postal_code"] = ["O campo from.postal code deve ter 8 caracteres."];
    if (!/^\d{8}$/.test(to)) errors["to.postal_code"] = ["O campo to.postal code deve ter 8 caracteres."];
    const weight = body.package
      ? Number(body.package.weight)
      : (body.products ?? []).reduce((sum, product) => sum + Number(product.weight) * Number(product.quantity ?? 1), 0);
    if (!(weight > 0)) errors["package.weight"] = ["O campo package.weight é obrigatório."];
    if (Object.keys(errors).length > 0) return c.json({ message: "The given data was invalid.", errors }, 422);

    const asked = String(body.services ?? FAKE_SERVICES.map((service) => service.id).join(","))
      .split(",")
      .map(Number);
    const distance = Math.abs(Number(from[0]) - Number(to[0]));
    (state.quotes ??= []).push({ from, to, weightKg: weight });
    return c.json(
      FAKE_SERVICES.filter((service) => asked.includes(service.id)).map((service) => {
        const company = { id: service.company === "Correios" ? 1 : 2, name: service.company, picture: "" };
        if (service.id === 17 && weight > MINI_ENVIOS_MAX_KG)
          return { id: service.id, name: service.name, error: "Peso ultrapassa o limite máximo de 0,30kg.", company };
        if (service.company === "Jadlog" && to.startsWith(JADLOG_UNSERVED_PREFIX))
          return { id: service.id, name: service.name, error: "Transportadora não atende este trecho.", company };
        const base = BASE[service.id]!;
        const price = (base.price + base.perKg * Math.ceil(weight) + distance * 1.5).toFixed(2);
        const days = base.days + distance;
        return {
          id: service.id,
          name: service.name,
          price,
          custom_price: price,
          discount: "0.00",
          currency: "R$",
          delivery_time: days,
          delivery_range: { min: days - 1, max: days },
          custom_delivery_time: days,
          custom_delivery_range: { min: days - 1, max: days },
          packages: [
            {
              price,
              discount: "0.00",
              format: "box",
              dimensions: { height: body.package?.height, width: body.package?.width, length: body.package?.length },
              weight: weight.toFixed(2),
              insurance_value: "0.00",
            },
          ],
          additional_services: { receipt: false, own_hand: false, collect: false },
          company,
        };
      }),
    );
  });
}
