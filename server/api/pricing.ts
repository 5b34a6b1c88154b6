import { findProductByName } from "#domain/catalog/catalog.server.ts";
import { calculatePriceInput, pricingResponseSchema } from "#domain/pricing/pricing-schemas.ts";
import { quantityProblem, quote, toPricingResponse } from "#domain/pricing/price-quote.ts";
import { pricingSubject } from "#domain/pricing/line-pricing.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";

/**
 * The server computes every price; the product page falls back to the same module locally. Asked
 * on every change of quantity, it needs nothing of the request but its body (decision 006).
 */
export const calculatePriceEndpoint = defineEndpoint({
  method: "post",
  path: "/functions/calculate-price",
  operationId: "calculatePrice",
  summary: "Calcula o preço de uma quantidade de um produto (tabela por grama, descontos e embalagem)",
  tag: "catálogo",
  // Asked on every change of quantity: its successes are summed up once a minute (decision 010).
  accessLog: "summary",
  body: calculatePriceInput,
  response: pricingResponseSchema,
  async handler({ body, c }) {
    const { db } = c.get("services");
    const product = await findProductByName(db, body.product_name);
    if (!product) throw new ApiError(404, "product_not_found", "Produto não encontrado.");
    const problem = quantityProblem(product.unitType, body.quantity);
    if (problem) throw new ApiError(400, "validation_error", `Dados inválidos. quantity: ${problem}.`);
    const subject = pricingSubject(product.unitType, product.priceCents, product.priceTable);
    return toPricingResponse(quote(subject, body.quantity, body.packaging?.enabled ?? false));
  },
});
