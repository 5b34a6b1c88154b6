import { z } from "zod";
import { isValidCpf } from "#domain/settings/settings-rules.ts";

/**
 * What the checkout page posts after the Card Payment Brick's onSubmit (issue 32): the token MP made
 * of the card in the buyer's browser, the chosen plan, and the cardholder's CPF. No card number or
 * CVV exists on this side to send; the amount is never taken from the browser (the order's total is).
 */
export const cardPaymentInput = z.object({
  /** A UUID per attempt, made by the page: the same attempt sent twice is one payment. */
  attemptKey: z.uuid("Tentativa inválida.").transform((key) => key.toLowerCase()),
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,128}$/, "Cartão não reconhecido: preencha os dados do cartão de novo."),
  paymentMethodId: z
    .string()
    .trim()
    .regex(/^[a-z_]{2,32}$/, "Bandeira do cartão não reconhecida."),
  issuerId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,12}$/))
    .nullish(),
  installments: z.number("Escolha o número de parcelas.").int().min(1, "Escolha o número de parcelas.").max(12, "No máximo 12 parcelas."),
  cpf: z
    .string()
    .transform((text) => text.replace(/\D/g, ""))
    .refine(isValidCpf, "CPF do titular inválido."),
});
export type CardPaymentInput = z.infer<typeof cardPaymentInput>;

export const cardPaymentResultSchema = z.object({
  /** approved: the order is paid; in_process: em análise; challenge: the bank's 3DS frame; rejected: try again or Pix. */
  status: z.enum(["approved", "in_process", "challenge", "rejected"]),
  message: z.string(),
  /** Rejected: whether the customer should correct what they typed (true) or change card or pay by Pix. */
  fixData: z.boolean(),
  challenge: z.object({ url: z.string(), creq: z.string() }).nullable(),
});
export type CardPaymentResult = z.infer<typeof cardPaymentResultSchema>;

export const cardRefundInput = z.object({
  amountCents: z.number("Informe o valor do reembolso.").int().min(1, "O reembolso deve ser de pelo menos R$ 0,01."),
  note: z.string().trim().max(500).nullish(),
});
