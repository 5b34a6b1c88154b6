import { z } from "zod";

/**
 * The owner's installments rule for cards (issue 32 item 1): the most installments a buyer may choose
 * and how many of them carry no interest for the buyer (the pitch "em até Nx sem juros"). Browser-safe:
 * the settings screen checks the same rule before sending.
 */
export const MOST_INSTALLMENTS = 12;

const installments = (what: string) =>
  z
    .number({ error: `Informe ${what}.` })
    .int(`Informe ${what} em número inteiro.`)
    .min(1, `${what[0]!.toUpperCase()}${what.slice(1)}: no mínimo 1.`)
    .max(MOST_INSTALLMENTS, `${what[0]!.toUpperCase()}${what.slice(1)}: no máximo ${MOST_INSTALLMENTS}.`);

export const cardInstallmentsInput = z
  .object({
    maxInstallments: installments("o número máximo de parcelas"),
    withoutInterest: installments("quantas parcelas são sem juros"),
  })
  .strict()
  .refine((rule) => rule.withoutInterest <= rule.maxInstallments, {
    path: ["withoutInterest"],
    message: "As parcelas sem juros não podem passar do número máximo de parcelas.",
  });
export type CardInstallments = z.output<typeof cardInstallmentsInput>;

/** What the settings screen reads: the rule in force, and whether the shop takes cards at all. */
export const cardInstallmentsViewSchema = z.object({
  maxInstallments: z.number().int(),
  withoutInterest: z.number().int(),
  /** Cards are switched on by the environment (PAYMENT_METHODS and PIX_PROVIDER, README). */
  cardsOn: z.boolean(),
});
export type CardInstallmentsView = z.infer<typeof cardInstallmentsViewSchema>;
