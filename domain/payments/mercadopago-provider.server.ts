import type { Config } from "#platform/config.ts";
import { verifyMercadoPagoSignature } from "#domain/payments/mercadopago-signature.server.ts";
import {
  decimalToCents,
  type ChargeState,
  type ChargeStatus,
  type PaymentProvider,
  providerTxid,
  ProviderUnavailableError,
} from "#domain/payments/payment-provider.server.ts";
import { providerRefused, providerRequest } from "#domain/payments/provider-http.server.ts";

/**
 * Mercado Pago's Payments API for Pix (research B.1.a, decision 037): a ~100-line client over the
 * wire format instead of the SDK, whose base URL is fixed (the local fake could not be reached).
 * Amounts go out as reais (cents / 100, exact for integers below 2^53) and come back to cents from
 * their decimal text.
 */

type MercadoPagoConfig = Pick<
  Config,
  | "MERCADOPAGO_API_URL"
  | "MERCADOPAGO_ACCESS_TOKEN"
  | "MERCADOPAGO_WEBHOOK_SECRET"
  | "PIX_PROVIDER_TIMEOUT_MS"
  | "PUBLIC_URL"
  | "PIX_EXPIRY_MINUTES"
>;

export const MERCADOPAGO_WEBHOOK_PATH = "/api/payments/mercadopago/webhook";

/** MP wants an offset, not Z (error 23 of its API reference): Brasília's, as the shop's customers read it. */
export function mercadoPagoDate(date: Date): string {
  return new Date(date.getTime() - 3 * 3600_000).toISOString().replace("Z", "-03:00");
}

type MercadoPagoPayment = {
  id?: number | string;
  status?: string;
  status_detail?: string;
  transaction_amount?: number;
  transaction_details?: { total_paid_amount?: number | null } | null;
  external_reference?: string | null;
  date_approved?: string | null;
  date_of_expiration?: string | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string; e2e_id?: string | null } | null } | null;
  payment_type_id?: string;
  payment_method_id?: string;
  installments?: number;
  card?: { last_four_digits?: string | null } | null;
  three_ds_info?: { external_resource_url?: string; creq?: string } | null;
};

const CARD_TYPES = new Set(["credit_card", "debit_card", "prepaid_card"]);

/**
 * What the shop keeps of a card payment's answer: MP's answer carries the first six digits, the
 * cardholder's name and document; none of it is stored or logged (issue 32).
 */
function safeCardAnswer(payment: MercadoPagoPayment) {
  return {
    id: payment.id,
    status: payment.status,
    status_detail: payment.status_detail,
    payment_type_id: payment.payment_type_id,
    payment_method_id: payment.payment_method_id,
    installments: payment.installments,
    transaction_amount: payment.transaction_amount,
    external_reference: payment.external_reference,
    date_approved: payment.date_approved,
    last_four_digits: payment.card?.last_four_digits ?? null,
  };
}

function statusOf(payment: MercadoPagoPayment): ChargeStatus {
  switch (payment.status) {
    case "approved":
      return "paid";
    // A card in process (em análise), or waiting for its 3DS challenge: still open.
    case "in_process":
    case "pending":
      return "pending";
    case "refunded":
    case "charged_back":
      return "refunded";
    case "cancelled":
    case "rejected":
      return payment.status_detail === "expired" ? "expired" : "cancelled";
    default:
      return "pending";
  }
}

export function chargeStateOfPayment(payment: MercadoPagoPayment): ChargeState {
  const status = statusOf(payment);
  const amountCents = decimalToCents(payment.transaction_amount) ?? 0;
  const paid = payment.transaction_details?.total_paid_amount;
  const isCard = CARD_TYPES.has(payment.payment_type_id ?? "");
  return {
    providerChargeId: String(payment.id),
    reference: payment.external_reference ?? null,
    status,
    providerStatus: [payment.status, payment.status_detail].filter(Boolean).join("/"),
    amountCents,
    paidCents: status === "paid" || status === "refunded" ? (decimalToCents(paid) ?? amountCents) : null,
    endToEndId: payment.point_of_interaction?.transaction_data?.e2e_id ?? null,
    paidAt: payment.date_approved ? new Date(payment.date_approved) : null,
    raw: isCard ? safeCardAnswer(payment) : payment,
    card: isCard
      ? {
          brand: payment.payment_method_id ?? "",
          lastFour: payment.card?.last_four_digits ?? null,
          installments: payment.installments ?? 1,
          statusDetail: payment.status_detail ?? null,
        }
      : null,
    challenge:
      payment.status_detail === "pending_challenge" && payment.three_ds_info?.external_resource_url && payment.three_ds_info.creq
        ? { url: payment.three_ds_info.external_resource_url, creq: payment.three_ds_info.creq }
        : null,
  };
}

export function mercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const base = config.MERCADOPAGO_API_URL.replace(/\/+$/, "");
  const call = (method: "GET" | "POST" | "PUT", path: string, body?: unknown, idempotencyKey?: string) =>
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
  const paymentPath = (id: string) => `/v1/payments/${encodeURIComponent(id)}`;

  return {
    id: "mercadopago",
    confirmedBy: "webhook",
    async createCharge(request) {
      const txid = providerTxid(request.orderId, request.attempt);
      const expiresAt = request.expiresAt;
      const [firstName, ...rest] = request.payer.name.trim().split(/\s+/);
      const answer = await call(
        "POST",
        "/v1/payments",
        {
          transaction_amount: request.totalCents / 100,
          description: `Pedido ${request.orderNumber}`,
          payment_method_id: "pix",
          external_reference: txid,
          notification_url: new URL(MERCADOPAGO_WEBHOOK_PATH, config.PUBLIC_URL).href,
          date_of_expiration: mercadoPagoDate(expiresAt),
          payer: {
            email: request.payer.email,
            first_name: firstName ?? "",
            last_name: rest.join(" "),
            ...(request.payer.cpf ? { identification: { type: "CPF", number: request.payer.cpf } } : {}),
          },
        },
        // One key per order and attempt: a retried request can never make a second charge.
        `${request.orderId}:${request.attempt}`,
      );
      if (answer.status !== 200 && answer.status !== 201) throw providerRefused(answer, "Mercado Pago POST /v1/payments");
      const payment = answer.json as MercadoPagoPayment;
      const code = payment.point_of_interaction?.transaction_data?.qr_code;
      if (payment.id === undefined || !code) throw new ProviderUnavailableError("Mercado Pago: answer without id or qr_code");
      return {
        txid,
        brCode: code,
        expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : expiresAt,
        providerChargeId: String(payment.id),
        raw: payment,
      };
    },
    async readCharge({ providerChargeId }) {
      const answer = await call("GET", paymentPath(providerChargeId));
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw providerRefused(answer, "Mercado Pago GET /v1/payments/{id}");
      return chargeStateOfPayment(answer.json as MercadoPagoPayment);
    },
    async cancelCharge({ providerChargeId }) {
      const answer = await call("PUT", paymentPath(providerChargeId), { status: "cancelled" });
      if (answer.status >= 300 && answer.status !== 400) throw providerRefused(answer, "Mercado Pago PUT /v1/payments/{id}");
    },
    async refundCharge({ providerChargeId, amountCents, refundId }) {
      const answer = await call("POST", `${paymentPath(providerChargeId)}/refunds`, { amount: amountCents / 100 }, refundId);
      if (answer.status !== 200 && answer.status !== 201) throw providerRefused(answer, "Mercado Pago POST /v1/payments/{id}/refunds");
    },
    async verifyWebhook(request) {
      const url = new URL(request.url);
      const dataId = url.searchParams.get("data.id") ?? url.searchParams.get("id");
      const authentic = verifyMercadoPagoSignature({
        secret: config.MERCADOPAGO_WEBHOOK_SECRET ?? "",
        signature: request.headers.get("x-signature"),
        requestId: request.headers.get("x-request-id"),
        dataId,
        nowMs: Date.now(),
      });
      if (!authentic || !dataId) return null;
      // Payments and chargebacks concern the shop; anything else (merchant orders…) is acknowledged and ignored.
      const type = url.searchParams.get("type") ?? url.searchParams.get("topic");
      if (type === "topic_chargebacks_wh" || type === "chargebacks") return [{ chargebackId: dataId }];
      return type && type !== "payment" ? [] : [{ providerChargeId: dataId }];
    },
  };
}
