import { formatCep, normalizeCep } from "#domain/shipping/cep.ts";
import { deliveryEstimateText } from "#domain/shipping/delivery-estimate.ts";

// The CEP rule's own file (no zod, no cart pricing): the product page's first visit stays small.
/** The 8 digits the cart keeps (validated_shipping_cep), or null for anything else. */
export const storedCep = (value: string | null): string | null => (value && /^\d{8}$/.test(value) && normalizeCep(value)) || null;

/** What the product page knows about getting the item to the customer. */
export type DeliveryFacts = {
  needsShipping: boolean;
  /** Made to order: business days of production after payment (the catalogue's lead time). */
  leadTimeBusinessDays: number | null;
  /** The shipping options' delivery days for the CEP this browser last quoted, when it has one. */
  shipping: { cep: string; minDays: number; maxDays: number } | null;
};

export type DeliveryEstimate = {
  /** One line for the sticky buy bar. */
  short: string;
  /** The purchase box's sentence about shipping; null for items that are not shipped. */
  shipping: string | null;
};

/** The delivery estimate in words (pt-BR): production plus shipping when the CEP is known, by the shop's one rule (decision 058). */
export function deliveryEstimate({ needsShipping, leadTimeBusinessDays: lead, shipping }: DeliveryFacts): DeliveryEstimate {
  if (!needsShipping) return { short: "Sem frete: instruções por e-mail", shipping: null };
  if (shipping) {
    const { cep, minDays, maxDays } = shipping;
    const estimate = deliveryEstimateText({ productionDays: lead ?? 0, carrierDays: { min: minDays, max: maxDays } });
    return {
      short: `CEP ${formatCep(cep)}: ${estimate}`,
      shipping: `Entrega no CEP ${formatCep(cep)}: ${estimate}, contados da confirmação do pagamento.`,
    };
  }
  return {
    short: lead
      ? `Sob encomenda: ${lead} ${lead === 1 ? "dia útil" : "dias úteis"} de produção + envio`
      : "Prazo de entrega pelo CEP, no carrinho",
    shipping: "O prazo de entrega aparece no carrinho, assim que você informar o CEP.",
  };
}
