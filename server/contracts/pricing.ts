import { calculatePriceInput, pricingResponseSchema } from "#domain/pricing/pricing-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { pricingRoutes } from "#server/contracts/pricing.routes.ts";

export const pricingContract = defineContract(pricingRoutes, {
  calculatePrice: {
    operationId: "calculatePrice",
    summary: "Calcula o preço de uma quantidade de um produto (tabela por grama, descontos e embalagem)",
    tag: "catálogo",
    // Asked on every change of quantity: its successes are summed up once a minute (decision 010).
    accessLog: "summary",
    body: calculatePriceInput,
    response: pricingResponseSchema,
  },
});
