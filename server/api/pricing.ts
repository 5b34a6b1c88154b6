import { findProductByName } from "#domain/catalog/catalog.server.ts";
import { quantityProblem, quote, toPricingResponse } from "#domain/pricing/price-quote.ts";
import { pricingSubject } from "#domain/pricing/line-pricing.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { productNotFound } from "#domain/catalog/catalog-errors.ts";
import { quantityRefused } from "#domain/pricing/pricing-errors.ts";
import { pricingContract } from "#server/contracts/pricing.ts";

/**
 * The server computes every price; the product page falls back to the same module locally. Asked
 * on every change of quantity, it needs nothing of the request but its body (decision 006).
 */
export const calculatePriceEndpoint = defineEndpoint({
  ...pricingContract.calculatePrice,
  async handler({ body, c }) {
    const { db } = c.get("services");
    const product = await findProductByName(db, body.product_name);
    if (!product) throw productNotFound();
    const problem = quantityProblem(product.unitType, body.quantity);
    if (problem) throw quantityRefused(problem);
    const subject = pricingSubject(product.unitType, product.priceCents, product.priceTable);
    return toPricingResponse(quote(subject, body.quantity, body.packaging?.enabled ?? false));
  },
});
