import { webhookNotAuthentic } from "#domain/payments/payment-errors.ts";
import type { Context } from "hono";
import { consumeRate, rateKey, type RateRule } from "#platform/rate-limit.ts";
import { orderPayments } from "#domain/reconciliation/order-payments.server.ts";
import { handlePaymentWebhook } from "#domain/reconciliation/payment-webhooks.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { payOrderByCard } from "#domain/reconciliation/card-checkout.server.ts";
import { paymentsContract } from "#server/contracts/payments.ts";

/**
 * The payment providers' webhooks (issue 21, decision 037) and the admin's view of an order's
 * provider charges. A webhook is authenticated (Mercado Pago's x-signature; the BCB callbacks'
 * verified client certificate or secret) and then only names charges to read back: the body is
 * checked for shape, never believed.
 */

/** Per calling address: far above what a provider sends a small shop, low enough to stop a flood. */
export const WEBHOOK_RATE_RULE: RateRule = { max: 300, windowSeconds: 60 };

const notAuthentic = webhookNotAuthentic;

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
  ...paymentsContract.mercadoPagoWebhook,
  handler: ({ c }) => receive(c, "mercadopago"),
});

/** The Pix API's callback, at its two paths (the BCB standard's has /pix appended). */
export const pixWebhookEndpoint = defineEndpoint({
  ...paymentsContract.pixWebhook,
  handler: ({ c }) => receive(c, "bcb"),
});

export const pixWebhookWithSuffixEndpoint = defineEndpoint({
  ...paymentsContract.pixWebhookWithSuffix,
  handler: ({ c }) => receive(c, "bcb"),
});

export const adminOrderPaymentsEndpoint = defineEndpoint({
  ...paymentsContract.adminOrderPayments,
  guard: ADMIN_ONLY,
  handler: ({ params, c }) => orderPayments(c.get("services").db, c.get("services").config, params.id),
});

export const payOrderByCardEndpoint = defineEndpoint({
  ...paymentsContract.payOrderByCard,
  guard: USER_ONLY,
  handler: ({ params, body, c, user }) => payOrderByCard(c.get("services"), params.id, user.id, body),
});

export const paymentEndpoints = [
  mercadoPagoWebhookEndpoint,
  pixWebhookEndpoint,
  pixWebhookWithSuffixEndpoint,
  adminOrderPaymentsEndpoint,
  payOrderByCardEndpoint,
];
