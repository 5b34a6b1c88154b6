import { Readable } from "node:stream";
import type { Context } from "hono";
import { z } from "zod";
import {
  adminOrderFiltersSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  cancelInputSchema,
  refundInputSchema,
  refundQueueSchema,
  returnReplySchema,
  returnsPageSchema,
  returnsQuerySchema,
} from "#domain/orders/admin-order-schemas.ts";
import { orderDetailSchema, orderStatusSchema } from "#domain/orders/order-schemas.ts";
import { listAdminOrderPage } from "#domain/orders/admin-order-search.server.ts";
import { ordersCsvFileName, streamOrdersCsv } from "#domain/orders/orders-csv.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { confirmPayment, moveOrderStatus } from "#domain/orders/admin-order-flows.server.ts";
import { cancelOrder } from "#domain/orders/cancel-order.server.ts";
import { refundOrder } from "#domain/orders/refund-order.server.ts";
import { addTracking } from "#domain/orders/ship-order.server.ts";
import { listOwedRefunds } from "#domain/orders/refunds.server.ts";
import { acceptReturn, listReturns, refuseReturn, replyToReturn } from "#domain/orders/returns.server.ts";
import { markRefundSent } from "#domain/orders/send-refund.server.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";

/** The owner's orders and returns (issue 17 items 2 and 4; decision 020). Admins only. */

const orderNotFound = () => new ApiError(404, "not_found", "Pedido não encontrado.");
const orderParams = z.object({ id: uuidParam(orderNotFound) });

async function orderOr404(c: Context<AppEnv>, id: string) {
  const order = await getOrder(c.get("services").db, id);
  if (!order) throw orderNotFound();
  return order;
}

export const adminListOrdersEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/orders",
  operationId: "adminListOrders",
  summary:
    "Pedidos para a administração: busca (número, nome, e-mail, CPF ou telefone, com ou sem pontuação), filtros de status, pagamento e período (AAAA-MM-DD, horário de Brasília), ordem e páginas de 20",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: adminOrderQuerySchema,
  response: adminOrderPageSchema,
  async handler({ query, c }) {
    return listAdminOrderPage(c.get("services").db, query);
  },
});

export const adminExportOrdersEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/orders.csv",
  operationId: "adminExportOrders",
  summary:
    "CSV dos pedidos filtrados (os mesmos filtros da lista, todas as páginas), para o Excel em português: separador ;, BOM UTF-8, valores com vírgula decimal",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: adminOrderFiltersSchema,
  response: z.custom<Response>((value) => value instanceof Response),
  produces: "text/csv",
  async handler({ query, c }) {
    const csv = await streamOrdersCsv(c.get("services").db, query);
    return new Response(Readable.toWeb(csv) as ReadableStream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${ordersCsvFileName()}"`,
        "cache-control": "no-store",
      },
    });
  },
});

export const adminGetOrderEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/orders/:id",
  operationId: "adminGetOrder",
  summary: "Um pedido com itens, endereço (CPF e telefone), pagamento, reembolso e histórico, para a administração",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ params, c }) {
    return orderOr404(c, params.id);
  },
});

export const adminConfirmPaymentEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/confirm-payment",
  operationId: "adminConfirmPayment",
  summary: "Confirma o pagamento Pix de um pedido (Pix estático)",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ params, c, user: admin }) {
    await confirmPayment(c.get("services"), params.id, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminMoveStatusEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/status",
  operationId: "adminMoveOrderStatus",
  summary: "Muda o status de um pedido (só as transições permitidas; reembolsado registra o total)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: z.object({
    status: orderStatusSchema,
    note: z.string("Observação inválida.").trim().max(500, "Máximo de 500 caracteres.").optional(),
  }),
  params: orderParams,
  response: orderDetailSchema,
  async handler({ body, params, c, user: admin }) {
    if (body.status === "cancelled") await cancelOrder(c.get("services"), params.id, admin.id, body.note || null);
    else await moveOrderStatus(c.get("services"), params.id, body.status, admin.id, body.note || null);
    return orderOr404(c, params.id);
  },
});

export const adminTrackingEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/tracking",
  operationId: "adminAddTracking",
  summary: "Informa o código de rastreio dos Correios (o pedido passa a enviado)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: z.object({
    trackingCode: z
      .string({ error: "Informe o código de rastreio." })
      .trim()
      .min(1, "Informe o código de rastreio.")
      .max(20, "Código de rastreio longo demais."),
  }),
  params: orderParams,
  response: orderDetailSchema,
  async handler({ body, params, c, user: admin }) {
    await addTracking(c.get("services"), params.id, body.trackingCode, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminCancelEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/cancel",
  operationId: "adminCancelOrder",
  summary: "Cancela um pedido ainda não enviado, com o motivo (o estoque volta)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: cancelInputSchema,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ body, params, c, user: admin }) {
    await cancelOrder(c.get("services"), params.id, admin.id, body.reason || null);
    return orderOr404(c, params.id);
  },
});

export const adminRefundEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/refund",
  operationId: "adminRefundOrder",
  summary:
    "Registra o reembolso enviado ao cliente, em centavos, até o total do pedido (parcial permitido), uma única vez por pedido; o cliente é avisado",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: refundInputSchema,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ body, params, c, user: admin }) {
    await refundOrder(c.get("services"), params.id, admin.id, { amountCents: body.amountCents, note: body.note || null });
    return orderOr404(c, params.id);
  },
});

export const adminListReturnsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/returns",
  operationId: "adminListReturns",
  summary: "Fila de devoluções e desistências: as que esperam a loja primeiro (mais antigas antes), depois as concluídas",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: returnsQuerySchema,
  response: returnsPageSchema,
  async handler({ query, c }) {
    return listReturns(c.get("services").db, query);
  },
});

export const adminAcceptReturnEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/returns/:id/accept",
  operationId: "adminAcceptReturn",
  summary: "Aceita a devolução de um pedido enviado: o cliente é avisado para mandar os produtos de volta",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ params, c, user: admin }) {
    await acceptReturn(c.get("services"), params.id, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminReplyReturnEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/returns/:id/reply",
  operationId: "adminReplyReturn",
  summary: "Responde ao cliente sobre a devolução (fica no histórico do pedido; notificação e e-mail)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: returnReplySchema,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ body, params, c, user: admin }) {
    await replyToReturn(c.get("services"), params.id, admin.id, body.message);
    return orderOr404(c, params.id);
  },
});

export const adminRefuseReturnEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/returns/:id/refuse",
  operationId: "adminRefuseReturn",
  summary: "Recusa a devolução de um pedido enviado, com o motivo da loja (histórico do pedido; notificação e e-mail)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: returnReplySchema,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ body, params, c, user: admin }) {
    await refuseReturn(c.get("services"), params.id, admin.id, body.message);
    return orderOr404(c, params.id);
  },
});

export const adminListRefundsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/refunds",
  operationId: "adminListRefunds",
  summary: "Fila de reembolsos a enviar (mais antigos primeiro), com os dados de quem pagou para achar a transferência",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: refundQueueSchema,
  async handler({ c }) {
    return { refunds: await listOwedRefunds(c.get("services").db) };
  },
});

export const adminRefundSentEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/refunds/:id/sent",
  operationId: "adminRefundSent",
  summary: "Marca como enviado o reembolso devido de um pedido: sai da fila e o cliente é avisado",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ params, c, user: admin }) {
    await markRefundSent(c.get("services"), params.id, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminOrderEndpoints = [
  adminListOrdersEndpoint,
  adminExportOrdersEndpoint,
  adminGetOrderEndpoint,
  adminConfirmPaymentEndpoint,
  adminMoveStatusEndpoint,
  adminTrackingEndpoint,
  adminCancelEndpoint,
  adminRefundEndpoint,
  adminListReturnsEndpoint,
  adminAcceptReturnEndpoint,
  adminReplyReturnEndpoint,
  adminRefuseReturnEndpoint,
  adminListRefundsEndpoint,
  adminRefundSentEndpoint,
];
