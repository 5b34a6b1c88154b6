import type { Config } from "#platform/config.ts";
import { chargeStateOfPayment, MERCADOPAGO_WEBHOOK_PATH } from "#domain/payments/mercadopago-provider.server.ts";
import { type ChargeState, decimalToCents, ProviderUnavailableError } from "#domain/payments/payment-provider.server.ts";
import { providerRefused, providerRequest } from "#domain/payments/provider-http.server.ts";

/**
 * Mercado Pago's card payments (issue 32, research §2.3 and §2.6): the Card Payment Brick turned
 * the card into a token in the buyer's browser; here the server makes the payment with that token,
 * and reads chargebacks. The same account, token and timeout as the Pix client.
 */

type CardsConfig = Pick<Config, "MERCADOPAGO_API_URL" | "MERCADOPAGO_ACCESS_TOKEN" | "PIX_PROVIDER_TIMEOUT_MS" | "PUBLIC_URL">;

export type CardPaymentRequest = {
  orderId: string;
  orderNumber: number;
  /** The browser's key of this attempt: the same attempt sent twice is one payment. */
  attemptKey: string;
  totalCents: number;
  token: string;
  paymentMethodId: string;
  issuerId: string | null;
  installments: number;
  payer: { email: string; cpf: string };
  /** The name on the buyer's card statement, from the shop's name (statement-descriptor.ts). */
  statementDescriptor: string;
};

export type Chargeback = { id: string; paymentIds: string[]; amountCents: number; documentationDeadline: Date | null; raw: unknown };

/** The reference MP keeps of a card attempt (its external_reference; our `payments.txid`). */
export function cardReference(orderId: string, attemptKey: string): string {
  const hex = (uuid: string) => uuid.replaceAll("-", "").toLowerCase();
  return `${hex(orderId)}C${hex(attemptKey)}`;
}

const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The order and attempt a card payment's reference names; null for anything else (a Pix txid, a foreign one). */
export function cardAttemptOf(reference: string | null): { orderId: string; attemptKey: string } | null {
  const match = /^([0-9a-f]{32})C([0-9a-f]{32})$/.exec(reference ?? "");
  return match ? { orderId: uuidOf(match[1]!), attemptKey: uuidOf(match[2]!) } : null;
}

export function cardIdempotencyKey(orderId: string, attemptKey: string): string {
  return `card:${orderId}:${attemptKey}`;
}

export function mercadoPagoCards(config: CardsConfig) {
  const base = config.MERCADOPAGO_API_URL.replace(/\/+$/, "");
  const call = (method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string) =>
    providerRequest({
      method,
      url: `${base}${path}`,
      provider: "mercadopago",
      body,
      timeoutMs: config.PIX_PROVIDER_TIMEOUT_MS,
      headers: {
        authorization: `Bearer ${config.MERCADOPAGO_ACCESS_TOKEN ?? ""}`,
        ...(idempotencyKey ? { "x-idempotency-key": idempotencyKey } : {}),
      },
    });

  return {
    /**
     * POST /v1/payments with the token. The body is built only from the order and the attempt, so a
     * retry under the same key is the same request (MP refuses one key with another body).
     * Answers the payment as read (approved, in_process, pending_challenge, rejected); throws
     * ProviderUnavailableError when MP fails or does not answer (nothing was charged that we know of).
     */
    async createPayment(request: CardPaymentRequest): Promise<ChargeState> {
      const answer = await call(
        "POST",
        "/v1/payments",
        {
          transaction_amount: request.totalCents / 100,
          token: request.token,
          installments: request.installments,
          payment_method_id: request.paymentMethodId,
          ...(request.issuerId ? { issuer_id: request.issuerId } : {}),
          description: `Pedido ${request.orderNumber}`,
          external_reference: cardReference(request.orderId, request.attemptKey),
          notification_url: new URL(MERCADOPAGO_WEBHOOK_PATH, config.PUBLIC_URL).href,
          statement_descriptor: request.statementDescriptor,
          three_d_secure_mode: "optional",
          binary_mode: false,
          capture: true,
          payer: { email: request.payer.email, identification: { type: "CPF", number: request.payer.cpf } },
        },
        cardIdempotencyKey(request.orderId, request.attemptKey),
      );
      if (answer.status !== 200 && answer.status !== 201) throw providerRefused(answer, "Mercado Pago POST /v1/payments (cartão)");
      const state = chargeStateOfPayment(answer.json as Parameters<typeof chargeStateOfPayment>[0]);
      if (!state.card || state.providerChargeId === "undefined") throw new ProviderUnavailableError("Mercado Pago: card answer without id");
      return state;
    },

    /** GET /v1/chargebacks/{id}: which payments, and until when the documents may be sent. */
    async readChargeback(id: string): Promise<Chargeback | null> {
      const answer = await call("GET", `/v1/chargebacks/${encodeURIComponent(id)}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw providerRefused(answer, "Mercado Pago GET /v1/chargebacks/{id}");
      const body = answer.json as { id?: unknown; payments?: unknown[]; amount?: number; date_documentation_deadline?: string | null };
      return {
        id: String(body.id),
        paymentIds: (body.payments ?? []).map(String),
        amountCents: decimalToCents(body.amount) ?? 0,
        documentationDeadline: body.date_documentation_deadline ? new Date(body.date_documentation_deadline) : null,
        raw: body,
      };
    },
  };
}
