import { z } from "zod";
import { findProductByName } from "#domain/catalog/catalog.server.ts";
import { MAX_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { quantityProblem, quote, toPricingResponse } from "#domain/pricing/price-quote.ts";
import { defineLeanEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";

const ignoredNumber = z.number({ error: "deve ser um número" }).nullable().optional();

/** Spec §7 body. The fee amount and sachet count a client sends are accepted and ignored (PRODUCT.md). */
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

/** Spec §3 "Pricing response". */
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

/**
 * The server computes every price (PRODUCT.md); the product page falls back to the same module
 * locally. Lean: it needs nothing of the request but its body, so the lean lane serves it
 * without Hono (decision 006: it is asked on every change of quantity).
 */
export const calculatePriceEndpoint = defineLeanEndpoint({
  method: "post",
  path: "/functions/calculate-price",
  operationId: "calculatePrice",
  summary: "Calcula o preço de uma quantidade de um produto (tabela por grama, descontos e embalagem)",
  tag: "catálogo",
  // Asked on every change of quantity: its successes are summed up once a minute (decision 010).
  accessLog: "summary",
  body: calculatePriceInput,
  response: pricingResponseSchema,
  async run({ body, services: { db } }) {
    const product = await findProductByName(db, body.product_name);
    if (!product) throw new ApiError(404, "product_not_found", "Produto não encontrado.");
    const problem = quantityProblem(product.unitType, body.quantity);
    if (problem) throw new ApiError(400, "validation_error", `Dados inválidos. quantity: ${problem}.`);
    const subject =
      product.unitType === "gram" ? { unitType: "gram" as const } : { unitType: "unit" as const, unitPriceCents: product.priceCents ?? 0 };
    return toPricingResponse(quote(subject, body.quantity, body.packaging?.enabled ?? false));
  },
});
