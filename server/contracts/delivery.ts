import { orderNotFound } from "#domain/errors.ts";
import { downloadNotFound } from "#domain/delivery/delivery-errors.ts";
import { z } from "zod";
import { downloadLinkSchema, orderDeliveriesSchema } from "#domain/delivery/delivery-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { deliveryRoutes } from "#server/contracts/delivery.routes.ts";

export const deliveryContract = defineContract(deliveryRoutes, {
  orderDeliveries: {
    operationId: "getOrderDeliveries",
    summary:
      "Entregas digitais de um pedido da conta conectada: link assinado do e-book (vale 24 h, só para a conta compradora) e instruções de acesso de cursos, workshop e serviços, depois do pagamento",
    tag: "pedidos",
    params: z.object({ id: uuidParam(orderNotFound) }),
    response: orderDeliveriesSchema,
  },
  renewDownloadLink: {
    operationId: "renewDownloadLink",
    summary: "Gera um novo link de download (24 h) para um arquivo de um pedido pago da conta conectada",
    tag: "pedidos",
    params: z.object({
      id: uuidParam(orderNotFound),
      productId: uuidParam(downloadNotFound),
    }),
    response: downloadLinkSchema,
    status: 201,
  },
});
