import { formatCep, normalizeCep } from "#domain/shipping/cep.ts";

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

const range = (min: number, max: number) => (min === max ? `${min}` : `${min} a ${max}`);
const days = (min: number, max: number) => `${range(min, max)} ${max === 1 ? "dia útil" : "dias úteis"}`;

/** The delivery estimate in words (pt-BR): production plus shipping when the CEP is known. */
export function deliveryEstimate({ needsShipping, leadTimeBusinessDays: lead, shipping }: DeliveryFacts): DeliveryEstimate {
  if (!needsShipping) return { short: "Sem frete: instruções por e-mail", shipping: null };
  if (shipping) {
    const { cep, minDays, maxDays } = shipping;
    const withProduction = lead ? `; com a produção, cerca de ${days(lead + minDays, lead + maxDays)}` : "";
    return {
      short: lead
        ? `Chega em ${days(lead + minDays, lead + maxDays)} no CEP ${formatCep(cep)}`
        : `Entrega em ${days(minDays, maxDays)} no CEP ${formatCep(cep)}`,
      shipping: `Entrega no CEP ${formatCep(cep)}: ${days(minDays, maxDays)} após o envio${withProduction}.`,
    };
  }
  return {
    short: lead ? `Sob encomenda: ${days(lead, lead)} + frete` : "Prazo de entrega pelo CEP, no carrinho",
    shipping: "O prazo de entrega aparece no carrinho, assim que você informar o CEP.",
  };
}
