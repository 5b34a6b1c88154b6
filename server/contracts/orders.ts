import { z } from "zod";
import { cepLookupSchema, checkoutShippingQuoteSchema, placedOrderSchema } from "#domain/checkout/checkout-api-schemas.ts";
import { cepLookupInput, placeOrderSchema, shippingQuoteSchema } from "#domain/checkout/checkout-schemas.ts";
import { orderDetailSchema, orderListSchema, withdrawalInput } from "#domain/orders/order-schemas.ts";
import { PIX_RENEWAL_HOURS } from "#domain/orders/order-status.ts";
import { orderNotFound } from "#domain/errors.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { orderRoutes } from "#server/contracts/routes.ts";

/** An order's id in the path; a malformed one is a missing order. */
export const orderParams = z.object({ id: uuidParam(orderNotFound) });

/** Checkout and the customer's orders (issue 6, decision 005). */
export const orderContract = defineContract(orderRoutes, {
  cepLookup: {
    operationId: "lookupCep",
    summary: "Endereço de um CEP (consulta externa com tempo curto; sem resposta, o cliente digita o endereço)",
    tag: "checkout",
    body: cepLookupInput,
    response: cepLookupSchema,
  },
  shippingQuote: {
    operationId: "quoteCheckoutShipping",
    summary: "Opções de envio (PAC, SEDEX) para o carrinho da conta conectada e um CEP",
    tag: "checkout",
    body: shippingQuoteSchema,
    response: checkoutShippingQuoteSchema,
  },
  placeOrder: {
    operationId: "placeOrder",
    summary: "Fecha o pedido do carrinho (idempotente pela chave; preços recalculados no servidor; Pix)",
    tag: "checkout",
    body: placeOrderSchema,
    response: placedOrderSchema,
    status: 201,
  },
  listMyOrders: {
    operationId: "listMyOrders",
    summary: "Pedidos da conta conectada, mais recentes primeiro",
    tag: "pedidos",
    response: orderListSchema,
  },
  getMyOrder: {
    operationId: "getMyOrder",
    summary: "Um pedido da conta conectada (o de outra conta responde 404)",
    tag: "pedidos",
    params: orderParams,
    response: orderDetailSchema,
  },
  requestWithdrawal: {
    operationId: "requestWithdrawal",
    summary:
      "Desiste da compra (CDC art. 49), do pagamento até 7 dias após a entrega: antes do envio cancela e registra o reembolso (frete incluído); depois, pede a devolução. Pedir de novo responde o mesmo pedido",
    tag: "pedidos",
    body: withdrawalInput,
    params: orderParams,
    response: orderDetailSchema,
    status: 201,
  },
  renewPix: {
    operationId: "renewPix",
    summary: `Gera um novo Pix para um pedido cancelado porque o Pix venceu (até ${PIX_RENEWAL_HOURS} h depois; reserva o estoque de novo). Pedir de novo responde o mesmo Pix`,
    tag: "pedidos",
    params: orderParams,
    response: orderDetailSchema,
  },
});
