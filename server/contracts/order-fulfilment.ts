import { orderNotFound } from "#domain/errors.ts";
import { serviceNotFound } from "#domain/orders/order-parts-errors.ts";
import { z } from "zod";
import { orderFulfilmentSchema } from "#domain/orders/order-parts.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { orderFulfilmentRoutes } from "#server/contracts/order-fulfilment.routes.ts";

const orderParams = z.object({ id: uuidParam(orderNotFound) });

/** An order delivered part by part and its parcel's tracking (issue 30 items 5 and 6; decisions 080, 081). */
export const orderFulfilmentContract = defineContract(orderFulfilmentRoutes, {
  orderFulfilment: {
    operationId: "getOrderFulfilment",
    summary:
      "Partes de um pedido da conta conectada (produtos enviados, serviços realizados, acessos liberados) e o rastreio da encomenda: código, link e cada evento da transportadora",
    tag: "pedidos",
    params: orderParams,
    response: orderFulfilmentSchema,
  },
  adminOrderFulfilment: {
    operationId: "adminGetOrderFulfilment",
    summary: "Partes de um pedido e o rastreio da encomenda, para a administração",
    tag: "admin",
    params: orderParams,
    response: orderFulfilmentSchema,
  },
  adminServiceHeld: {
    operationId: "adminMarkServiceHeld",
    summary:
      "Marca um serviço do pedido (consultoria, mentoria, auditoria) como realizado; o pedido fica entregue quando todas as partes forem entregues",
    tag: "admin",
    params: z.object({ id: uuidParam(orderNotFound), productId: uuidParam(serviceNotFound) }),
    response: orderFulfilmentSchema,
  },
  adminParcelDelivered: {
    operationId: "adminMarkParcelDelivered",
    summary: "Informa que os produtos de um pedido enviado foram entregues (quando nenhuma transportadora informa)",
    tag: "admin",
    params: orderParams,
    response: orderFulfilmentSchema,
  },
});
