import { orderParams } from "#server/contracts/orders.ts";
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
import { defineContract } from "#server/contracts/define-contract.ts";
import { ordersAdminRoutes } from "#server/contracts/orders-admin.routes.ts";

export const ordersAdminContract = defineContract(ordersAdminRoutes, {
  adminListOrders: {
    operationId: "adminListOrders",
    summary:
      "Pedidos para a administração: busca (número, nome, e-mail, CPF ou telefone, com ou sem pontuação), filtros de status, pagamento e período (AAAA-MM-DD, horário de Brasília), ordem e páginas de 20",
    tag: "admin",
    query: adminOrderQuerySchema,
    response: adminOrderPageSchema,
  },
  adminExportOrders: {
    operationId: "adminExportOrders",
    summary:
      "CSV dos pedidos filtrados (os mesmos filtros da lista, todas as páginas), para o Excel em português: separador ;, BOM UTF-8, valores com vírgula decimal",
    tag: "admin",
    query: adminOrderFiltersSchema,
    response: z.custom<Response>((value) => value instanceof Response),
    produces: "text/csv",
  },
  adminGetOrder: {
    operationId: "adminGetOrder",
    summary: "Um pedido com itens, endereço (CPF e telefone), pagamento, reembolso e histórico, para a administração",
    tag: "admin",
    params: orderParams,
    response: orderDetailSchema,
  },
  adminConfirmPayment: {
    operationId: "adminConfirmPayment",
    summary: "Confirma o pagamento Pix de um pedido (Pix estático)",
    tag: "admin",
    params: orderParams,
    response: orderDetailSchema,
  },
  adminMoveStatus: {
    operationId: "adminMoveOrderStatus",
    summary: "Muda o status de um pedido (só as transições permitidas; reembolsado registra o total)",
    tag: "admin",
    body: z.object({
      status: orderStatusSchema,
      note: z.string("Observação inválida.").trim().max(500, "Máximo de 500 caracteres.").optional(),
    }),
    params: orderParams,
    response: orderDetailSchema,
  },
  adminTracking: {
    operationId: "adminAddTracking",
    summary: "Informa o código de rastreio dos Correios (o pedido passa a enviado)",
    tag: "admin",
    body: z.object({
      trackingCode: z
        .string({ error: "Informe o código de rastreio." })
        .trim()
        .min(1, "Informe o código de rastreio.")
        .max(20, "Código de rastreio longo demais."),
    }),
    params: orderParams,
    response: orderDetailSchema,
  },
  adminCancel: {
    operationId: "adminCancelOrder",
    summary: "Cancela um pedido ainda não enviado, com o motivo (o estoque volta)",
    tag: "admin",
    body: cancelInputSchema,
    params: orderParams,
    response: orderDetailSchema,
  },
  adminRefund: {
    operationId: "adminRefundOrder",
    summary:
      "Registra o reembolso enviado ao cliente, em centavos, até o total do pedido (parcial permitido), uma única vez por pedido; o cliente é avisado",
    tag: "admin",
    body: refundInputSchema,
    params: orderParams,
    response: orderDetailSchema,
  },
  adminListReturns: {
    operationId: "adminListReturns",
    summary: "Fila de devoluções e desistências: as que esperam a loja primeiro (mais antigas antes), depois as concluídas",
    tag: "admin",
    query: returnsQuerySchema,
    response: returnsPageSchema,
  },
  adminAcceptReturn: {
    operationId: "adminAcceptReturn",
    summary: "Aceita a devolução de um pedido enviado: o cliente é avisado para mandar os produtos de volta",
    tag: "admin",
    params: orderParams,
    response: orderDetailSchema,
  },
  adminReplyReturn: {
    operationId: "adminReplyReturn",
    summary: "Responde ao cliente sobre a devolução (fica no histórico do pedido; notificação e e-mail)",
    tag: "admin",
    body: returnReplySchema,
    params: orderParams,
    response: orderDetailSchema,
  },
  adminRefuseReturn: {
    operationId: "adminRefuseReturn",
    summary: "Recusa a devolução de um pedido enviado, com o motivo da loja (histórico do pedido; notificação e e-mail)",
    tag: "admin",
    body: returnReplySchema,
    params: orderParams,
    response: orderDetailSchema,
  },
  adminListRefunds: {
    operationId: "adminListRefunds",
    summary: "Fila de reembolsos a enviar (mais antigos primeiro), com os dados de quem pagou para achar a transferência",
    tag: "admin",
    response: refundQueueSchema,
  },
  adminRefundSent: {
    operationId: "adminRefundSent",
    summary: "Marca como enviado o reembolso devido de um pedido: sai da fila e o cliente é avisado",
    tag: "admin",
    params: orderParams,
    response: orderDetailSchema,
  },
});
