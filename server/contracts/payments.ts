import { orderNotFound } from "#domain/errors.ts";
import { bcbCallbackSchema } from "#domain/payments/bcb-callback-schemas.ts";
import { z } from "zod";
import {
  mercadoPagoNotificationSchema,
  mercadoPagoWebhookQuerySchema,
  orderPaymentsSchema,
  pixWebhookQuerySchema,
  webhookReceivedSchema,
} from "#domain/reconciliation/payment-schemas.ts";
import { cardPaymentInput, cardPaymentResultSchema } from "#domain/payments/card-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { paymentsRoutes } from "#server/contracts/payments.routes.ts";

/** The Pix API's callback, served at two paths (routes.ts), one operationId each. */
const pixWebhookFields = <const O extends string>(operationId: O) => ({
  operationId,
  summary:
    "Callback da API Pix do Banco Central ({ pix: [...] } ou a lista pura), autenticado pelo certificado do PSP verificado no proxy ou pelo segredo na URL; cada txid é relido em GET /v2/cob/{txid}",
  tag: "pagamentos",
  callers: "provider" as const,
  query: pixWebhookQuerySchema,
  body: bcbCallbackSchema,
  response: webhookReceivedSchema,
});

export const paymentsContract = defineContract(paymentsRoutes, {
  mercadoPagoWebhook: {
    operationId: "mercadoPagoWebhook",
    summary:
      "Notificação do Mercado Pago (x-signature: HMAC-SHA256 de id:{data.id};request-id:{x-request-id};ts:{ts};, até 5 minutos); o pagamento é relido em GET /v1/payments/{id}",
    tag: "pagamentos",
    callers: "provider",
    query: mercadoPagoWebhookQuerySchema,
    body: mercadoPagoNotificationSchema,
    response: webhookReceivedSchema,
  },
  pixWebhook: pixWebhookFields("pixWebhook"),
  pixWebhookWithSuffix: pixWebhookFields("pixWebhookWithSuffix"),
  adminOrderPayments: {
    operationId: "adminOrderPayments",
    summary: "As cobranças Pix de um pedido no provedor: ids do provedor, txid, end-to-end, status bruto e problemas",
    tag: "admin",
    params: z.object({ id: uuidParam(orderNotFound) }),
    response: orderPaymentsSchema,
  },
  payOrderByCard: {
    operationId: "payOrderByCard",
    summary:
      "Paga um pedido aguardando pagamento com o token do Card Payment Brick do Mercado Pago (o número do cartão nunca chega à loja); a mesma attemptKey enviada de novo é o mesmo pagamento. Recusado: o pedido continua, para outro cartão ou Pix",
    tag: "pagamentos",
    params: z.object({ id: uuidParam(orderNotFound) }),
    body: cardPaymentInput,
    response: cardPaymentResultSchema,
  },
});
