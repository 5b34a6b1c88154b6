/**
 * The shop's shipping methods, browser-safe: the checkout's schemas, the shipping quote and the pages
 * name them from here, so shipping does not depend on checkout. The owner's table prices PAC and
 * SEDEX (`pac`, `sedex`); Melhor Envio's live quotes (decision 073) name a service by its id,
 * `me-<id>` (`me-17` is Correios' Mini Envios), so one string names any choice a quote offered.
 */
export const SHIPPING_METHODS = ["pac", "sedex"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = { pac: "PAC", sedex: "SEDEX" };

/** Any method a quote may offer: a table method or a Melhor Envio service. */
export type ShippingChoice = string;
export const SHIPPING_CHOICE_PATTERN = /^(pac|sedex|me-[1-9][0-9]{0,5})$/;

/** Melhor Envio's public service ids (stable across accounts) and how the shop names them. */
export const MELHOR_ENVIO_SERVICE_NAMES: Readonly<Record<number, string>> = {
  1: "PAC",
  2: "SEDEX",
  3: "Jadlog .Package",
  4: "Jadlog .Com",
  17: "Mini Envios",
};

export const melhorEnvioMethod = (serviceId: number): ShippingChoice => `me-${serviceId}`;

/** The Melhor Envio service id a method names; null for the table's methods. */
export function melhorEnvioServiceId(method: string): number | null {
  const match = /^me-([0-9]+)$/.exec(method);
  return match ? Number(match[1]) : null;
}

/** "PAC" / "SEDEX" / "Mini Envios" as the checkout names them, for a stored method; an unknown one keeps its name in capitals. */
export function shippingMethodLabel(method: string): string {
  const serviceId = melhorEnvioServiceId(method);
  if (serviceId !== null) return MELHOR_ENVIO_SERVICE_NAMES[serviceId] ?? `Frete (serviço ${serviceId})`;
  return SHIPPING_METHOD_LABELS[method as ShippingMethod] ?? method.toUpperCase();
}
