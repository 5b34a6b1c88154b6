import { z } from "zod";
import { MAX_GRAMS } from "#domain/pricing/gram-pricing.ts";

/**
 * The calculate-price contract (spec §7, server/api/pricing.ts), browser-safe: PricingResponse
 * (price-quote.ts) is `z.infer` of the answer, and the product page's call is typed by it.
 */

const ignoredNumber = z.number({ error: "deve ser um número" }).nullable().optional();

/** Spec §7 body. The fee amount and sachet count a client sends are accepted and ignored (docs/requirements.md). */
export const calculatePriceInput = z.strictObject({
  quantity: z
    .number({ error: (issue) => (issue.input === undefined ? "informe a quantidade" : "a quantidade deve ser um número") })
    .int({ error: "a quantidade deve ser um número inteiro" })
    .positive({ error: "a quantidade deve ser maior que zero" })
    .max(MAX_GRAMS, { error: `a quantidade máxima é ${MAX_GRAMS}` }),
  packaging: z
    .strictObject(
      {
        enabled: z.boolean({ error: "informe se a embalagem está ativada (true ou false)" }),
        fee_amount: ignoredNumber,
        sachet_count: ignoredNumber,
      },
      { error: "a embalagem deve ser um objeto { enabled, fee_amount, sachet_count }" },
    )
    .optional(),
  product_name: z
    .string({ error: (issue) => (issue.input === undefined ? "informe o nome do produto" : "o nome do produto deve ser um texto") })
    .trim()
    .min(1, { error: "informe o nome do produto" })
    .max(200, { error: "o nome do produto é longo demais" }),
});

const money = z.number().describe("reais (R$ 40,00 → 40), calculado a partir de centavos inteiros");

/**
 * Spec §3 "Pricing response", field names as the spec has them. Money is in reais (R$ 40,00 → 40),
 * as the spec's price table is written, always derived from integer cents (so two decimals at most);
 * sachet_count and currency are extras.
 */
export const pricingResponseSchema = z.object({
  unit_price: money,
  discount_percentage: z.number().describe("0 a 100"),
  discount_amount: money,
  base_total: money,
  total_price: money,
  packaging_fee: money,
  final_total: money,
  sachet_count: z.number().int().nullable().describe("sachês de 2 g (produtos por grama); null para os demais"),
  currency: z.literal("BRL"),
});
