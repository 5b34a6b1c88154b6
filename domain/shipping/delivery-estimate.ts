/**
 * The one way the shop writes a delivery estimate (issue 28 item 6, decision 058): the made-to-order
 * production days plus the carrier's days, in business days, in the same words on the product page,
 * the cart, the checkout, the order, the e-mails and the packing slip. Browser-safe, no imports.
 */

/** What an estimate is made of: production (0 when nothing is made to order) and the carrier's days. */
export type DeliveryTime = {
  /** Business days of production after payment: the longest lead time of the made-to-order items. */
  productionDays: number;
  /** The carrier's business days after posting: one method's, or the range of the methods offered. */
  carrierDays: { min: number; max: number };
};

const range = (min: number, max: number) => (min === max ? `${min}` : `${min} a ${max}`);
const businessDays = (min: number, max: number) => `${range(min, max)} ${max === 1 ? "dia útil" : "dias úteis"}`;

/** The longest lead time among items made to order (they travel together once all are made); 0 for none. */
export function productionDays(items: ReadonlyArray<{ leadTimeBusinessDays: number | null }>): number {
  return items.reduce((longest, item) => Math.max(longest, item.leadTimeBusinessDays ?? 0), 0);
}

/**
 * "até 21 dias úteis (15 de produção + 6 de envio)", "até 6 dias úteis" with nothing to produce, and
 * over a range of methods "de 17 a 23 dias úteis (15 de produção + 2 a 8 de envio)".
 */
export function deliveryEstimateText({ productionDays: production, carrierDays }: DeliveryTime): string {
  const { min, max } = carrierDays;
  const total = `${min === max ? "até" : "de"} ${businessDays(production + min, production + max)}`;
  return production > 0 ? `${total} (${production} de produção + ${range(min, max)} de envio)` : total;
}

/** One chosen method's estimate: production plus that method's days. */
export const methodEstimateText = (production: number, carrierDays: number) =>
  deliveryEstimateText({ productionDays: production, carrierDays: { min: carrierDays, max: carrierDays } });
