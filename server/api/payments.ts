import type { Context } from "hono";
import { z } from "zod";
import { consumeRate, rateKey, type RateRule } from "#platform/rate-limit.ts";
import { bcbCallbackSchema } from "#domain/payments/bcb-pix-provider.server.ts";
import { orderPayments } from "#domain/reconciliation/order-payments.server.ts";
import {
  mercadoPagoNotificationSchema,
  mercadoPagoWebhookQuerySchema,
  orderPaymentsSchema,
  pixWebhookQuerySchema,
  webhookReceivedSchema,
} from "#domain/reconciliation/payment-schemas.ts";
import { handlePaymentWebhook } from "#domain/reconciliation/payment-webhooks.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { ApiError, rateLimitedError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";

/**
 * The payment providers' webhooks (issue 21, decision 037) and the admin's view of an order's
 * provider charges. A webhook is authenticated (Mercado Pago's x-signature; the BCB callbacks'
 * verified client certificate or secret) and then only names charges to read back: the body is
 * checked for shape, never believed.
 */

/** Per calling address: far above what a provider sends a small shop, low enough to stop a flood. */
export const WEBHOOK_RATE_RULE: RateRule = { max: 300, windowSeconds: 60 };

const notAuthentic = () => new ApiError(401, "webhook_not_authentic", "Notificação recusada: assinatura ou certificado inválido.");

async function limitByAddress(c: Context<AppEnv>): Promise<void> {
  const { db, config } = c.get("services");
  const decision = await consumeRate(db, rateKey("payment-webhook", clientAddress(c, config.TRUST_PROXY)), WEBHOOK_RATE_RULE);
  if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
}

async function receive(c: Context<AppEnv>, provider: "mercadopago" | "bcb") {
  await limitByAddress(c);
  const { config } = c.get("services");
  const verifiedHeader = c.req.header(config.PIX_WEBHOOK_VERIFIED_HEADER);
  const result = await handlePaymentWebhook(c.get("services"), provider, {
    url: c.req.url,
    headers: c.req.raw.headers,
    // The body was read (and cached) by the endpoint's validation.
    rawBody: await c.req.text(),
    // Only a proxy the shop trusts may vouch for the caller's certificate.
    clientCertVerified: config.TRUST_PROXY && verifiedHeader === "SUCCESS",
  });
  if (!result.authentic) throw notAuthentic();
  return { received: true as const };
}

export const mercadoPagoWebhookEndpoint = defineEndpoint({
  method: "post",
  path: "/payments/mercadopago/webhook",
  operationId: "mercadoPagoWebhook",
  summary:
    "Notificação do Mercado Pago (x-signature: HMAC-SHA256 de id:{data.id};request-id:{x-request-id};ts:{ts};, até 5 minutos); o pagamento é relido em GET /v1/payments/{id}",
  tag: "pagamentos",
  callers: "provider",
  query: mercadoPagoWebhookQuerySchema,
  body: mercadoPagoNotificationSchema,
  response: webhookReceivedSchema,
  handler: ({ c }) => receive(c, "mercadopago"),
});

const pixWebhook = (path: string, operationId: string) =>
  defineEndpoint({
    method: "post",
    path,
    operationId,
    summary:
      "Callback da API Pix do Banco Central ({ pix: [...] } ou a lista pura), autenticado pelo certificado do PSP verificado no proxy ou pelo segredo na URL; cada txid é relido em GET /v2/cob/{txid}",
    tag: "pagamentos",
    callers: "provider",
    query: pixWebhookQuerySchema,
    body: bcbCallbackSchema,
    response: webhookReceivedSchema,
    handler: ({ c }) => receive(c, "bcb"),
  });

const orderNotFound = () => new ApiError(404, "not_found", "Pedido não encontrado.");

export const adminOrderPaymentsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/orders/:id/payments",
  operationId: "adminOrderPayments",
  summary: "As cobranças Pix de um pedido no provedor: ids do provedor, txid, end-to-end, status bruto e problemas",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: z.object({ id: uuidParam(orderNotFound) }),
  response: orderPaymentsSchema,
  handler: ({ params, c }) => orderPayments(c.get("services").db, c.get("services").config, params.id),
});

export const paymentEndpoints = [
  mercadoPagoWebhookEndpoint,
  pixWebhook("/payments/pix/webhook", "pixWebhook"),
  // The BCB standard's callback path: PSPs append /pix to the registered URL.
  pixWebhook("/payments/pix/webhook/pix", "pixWebhookWithSuffix"),
  adminOrderPaymentsEndpoint,
];
