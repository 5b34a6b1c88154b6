import { z } from "zod";
import { downloadLinkSchema, orderDeliveriesSchema } from "#domain/delivery/delivery-schemas.ts";
import { orderDeliveries, renewDownloadLink } from "#domain/delivery/deliveries.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";

/** Digital delivery (issue 19 item 4, decision 030): the buyer's links and instructions. The file itself: server/http/downloads.ts. */

const orderNotFound = () => new ApiError(404, "not_found", "Pedido não encontrado.");

export const orderDeliveriesEndpoint = defineEndpoint({
  method: "get",
  path: "/orders/:id/deliveries",
  operationId: "getOrderDeliveries",
  summary:
    "Entregas digitais de um pedido da conta conectada: link assinado do e-book (vale 24 h, só para a conta compradora) e instruções de acesso de cursos, workshop e serviços, depois do pagamento",
  tag: "pedidos",
  guard: USER_ONLY,
  params: z.object({ id: uuidParam(orderNotFound) }),
  response: orderDeliveriesSchema,
  async handler({ params, c, user }) {
    const { db, config } = c.get("services");
    return orderDeliveries(db, config, params.id, user.id);
  },
});

export const renewDownloadLinkEndpoint = defineEndpoint({
  method: "post",
  path: "/orders/:id/deliveries/:productId/link",
  operationId: "renewDownloadLink",
  summary: "Gera um novo link de download (24 h) para um arquivo de um pedido pago da conta conectada",
  tag: "pedidos",
  guard: USER_ONLY,
  params: z.object({
    id: uuidParam(orderNotFound),
    productId: uuidParam(() => new ApiError(404, "download_not_found", "Este pedido não tem arquivo para baixar deste produto.")),
  }),
  response: downloadLinkSchema,
  status: 201,
  async handler({ params, c, user }) {
    const { db, config } = c.get("services");
    return renewDownloadLink(db, config, { orderId: params.id, productId: params.productId, userId: user.id });
  },
});

export const deliveryEndpoints = [orderDeliveriesEndpoint, renewDownloadLinkEndpoint];
