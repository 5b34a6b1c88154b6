import { orderNotFound } from "#domain/errors.ts";
import { orderDetailSchema, orderListSchema, withdrawalInput } from "#domain/orders/order-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { z } from "zod";
import { PIX_RENEWAL_HOURS } from "#domain/orders/order-status.ts";
import { ordersRoutes } from "#server/contracts/orders.routes.ts";

/** An order's id in the path; a malformed one is a missing order. */
export const orderParams = z.object({ id: uuidParam(orderNotFound) });

/** The customer's orders (issue 6, decision 005). */
export const ordersContract = defineContract(ordersRoutes, {
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
