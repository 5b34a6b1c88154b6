import { cepLookupSchema, checkoutShippingQuoteSchema } from "#domain/checkout/checkout-api-schemas.ts";
import { cepLookupInput, shippingQuoteSchema } from "#domain/checkout/checkout-schemas.ts";
import { shippingTableSchema, shippingTableViewSchema } from "#domain/shipping/shipping-table-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { shippingRoutes } from "#server/contracts/shipping.routes.ts";

export const shippingContract = defineContract(shippingRoutes, {
  cepLookup: {
    operationId: "lookupCep",
    summary: "Endereço de um CEP (consulta externa com tempo curto; sem resposta, o cliente digita o endereço)",
    tag: "checkout",
    body: cepLookupInput,
    response: cepLookupSchema,
  },
  checkoutShippingQuote: {
    operationId: "quoteCheckoutShipping",
    summary: "Opções de envio (PAC, SEDEX) para o carrinho da conta conectada e um CEP",
    tag: "checkout",
    body: shippingQuoteSchema,
    response: checkoutShippingQuoteSchema,
  },
  adminGetShippingRates: {
    operationId: "adminGetShippingRates",
    summary: "A tabela de frete: PAC e SEDEX (preço e prazo) por região de CEP, e as faixas de peso de cada um",
    tag: "admin",
    response: shippingTableViewSchema,
  },
  adminPutShippingRates: {
    operationId: "adminPutShippingRates",
    summary:
      "Substitui a tabela de frete (regiões de CEP contíguas, preços ≥ 0, prazos ≥ 1 dia, faixas de peso crescentes); a próxima cotação já usa a nova",
    tag: "admin",
    body: shippingTableSchema,
    response: shippingTableViewSchema,
  },
});
