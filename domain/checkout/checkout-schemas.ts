import { z } from "zod";
import { addressSchema } from "#domain/shipping/address-schema.ts";
import { shippingChoiceSchema } from "#domain/shipping/shipping-quote-schema.ts";
import { couponCodeSchema } from "#domain/coupons/coupon-schemas.ts";

/**
 * The checkout's inputs, one zod schema each, used by the form in the browser and by the API on
 * the server (docs/requirements.md "Layout"). Messages are Portuguese and name the field's problem.
 */

const digits = (value: string) => value.replace(/\D/g, "");

/** CPF check digits (Receita Federal): two mod-11 digits; eleven equal digits are never valid. */
export function isValidCpf(value: string): boolean {
  const cpf = digits(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

/** "12345678909" → "123.456.789-09". */
export function formatCpf(cpf: string): string {
  const d = digits(cpf);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : cpf;
}

export const cpfSchema = z
  .string({ error: "Informe o CPF." })
  .transform(digits)
  .pipe(z.string().length(11, "O CPF tem 11 dígitos, ex.: 123.456.789-09.").refine(isValidCpf, "CPF inválido: confira os dígitos."));

/** The same rules as a saved address (shipping/address-schema.ts). */
export const cepSchema = addressSchema.shape.cep;
export const phoneSchema = addressSchema.shape.phone;
export const ufSchema = addressSchema.shape.state;

/** The delivery address of an order: a saved address plus the recipient's CPF (invoice, Correios). */
export const checkoutAddressSchema = addressSchema.extend({ cpf: cpfSchema });
export type CheckoutAddressInput = z.input<typeof checkoutAddressSchema>;
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;

/**
 * The address as an order sends it: without the CPF, the account's saved one is used (decision
 * 033); the page only ever shows that one masked, so it cannot send it back.
 */
export const orderAddressSchema = addressSchema.extend({ cpf: cpfSchema.optional() });
export type OrderAddress = z.output<typeof orderAddressSchema>;

export const shippingQuoteSchema = z.object({ cep: cepSchema });

/** POST /checkout/cep-lookup: the CEP whose address the form fills in. */
export const cepLookupInput = z.object({ cep: cepSchema });

/**
 * Placing an order. Only choices travel: prices, totals and fees a client sends are not part of the
 * schema and are dropped (the server prices everything). The key makes a retried submit replay the
 * same order instead of creating a second one.
 */
export const placeOrderSchema = z.object({
  idempotencyKey: z.uuid("Chave de idempotência inválida. Recarregue a página e tente de novo."),
  address: orderAddressSchema.optional(),
  saveAddress: z.boolean().optional().default(false),
  shippingMethod: shippingChoiceSchema.optional(),
  confirmAdult: z.literal(true, "Confirme que você tem 18 anos ou mais."),
  acceptTerms: z.literal(true, "Aceite os termos para continuar."),
  /** Decision 028: a coupon code as typed (checked and applied by the server); empty means none. */
  couponCode: couponCodeSchema.optional().or(z.literal("").transform(() => undefined)),
  /** Decision 027: pay part of the order with the customer's credit (the server decides how much). */
  useCredits: z.boolean("Informe se usa o crédito.").optional(),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/**
 * POST /api/checkout/coupon-preview's body. With the delivery CEP and the chosen method the server quotes that method's freight, so a
 * free-shipping coupon is checked against the freight it will take off (without them it is 0).
 */
export const couponPreviewInput = z.object({
  couponCode: couponCodeSchema.optional(),
  cep: cepSchema.optional(),
  shippingMethod: shippingChoiceSchema.optional(),
});
