import { placedOrderSchema } from "#domain/checkout/checkout-api-schemas.ts";
import { placeOrderSchema } from "#domain/checkout/checkout-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { checkoutRoutes } from "#server/contracts/checkout.routes.ts";

export const checkoutContract = defineContract(checkoutRoutes, {
  placeOrder: {
    operationId: "placeOrder",
    summary: "Fecha o pedido do carrinho (idempotente pela chave; preços recalculados no servidor; Pix)",
    tag: "checkout",
    body: placeOrderSchema,
    response: placedOrderSchema,
    status: 201,
  },
});
