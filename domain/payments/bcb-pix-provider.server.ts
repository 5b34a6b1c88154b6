import { readFileSync } from "node:fs";
import https from "node:https";
import { bcbCallbackSchema } from "#domain/payments/bcb-callback-schemas.ts";
import type { Config } from "#platform/config.ts";
import {
  centsToDecimal,
  decimalToCents,
  sameSecret,
  type ChargeState,
  type ChargeStatus,
  type PaymentProvider,
  providerTxid,
  ProviderUnavailableError,
} from "#domain/payments/payment-provider.server.ts";
import { providerRefused, providerRequest, type ProviderAnswer } from "#domain/payments/provider-http.server.ts";

/**
 * The Banco Central's Pix API (bacen/pix-api v2, research B.1.b, decision 037), as Efí, Inter,
 * Sicoob and other PSPs serve it: OAuth client credentials over mTLS (the PSP's client
 * certificate on every call, the token call included), the token kept until a minute before it
 * expires; immediate charges (`cob`) under our own txid; refunds (`devolucao`); the webhook.
 */

type BcbConfig = Pick<
  Config,
  | "PIX_API_URL"
  | "PIX_OAUTH_URL"
  | "PIX_CLIENT_ID"
  | "PIX_CLIENT_SECRET"
  | "PIX_CERT_FILE"
  | "PIX_CERT_KEY_FILE"
  | "PIX_CA_FILE"
  | "PIX_KEY"
  | "PIX_WEBHOOK_SECRET"
  | "PIX_PROVIDER_TIMEOUT_MS"
  | "PIX_EXPIRY_MINUTES"
  | "PUBLIC_URL"
>;

export const BCB_WEBHOOK_PATH = "/api/payments/pix/webhook";

// The callback's schema is browser-safe (the API's contract declares it).
export { bcbCallbackSchema };

/**
 * The URL registered with `PUT /v2/webhook/{chave}`: the secret rides in the query, and the empty
 * `ignorar=` at the end takes the `/pix` that PSPs append (Efí's mtls-webhook README), so the path
 * stays ours. A PSP that appends `/pix` to the path instead reaches `…/webhook/pix`, also served.
 */
export function bcbWebhookUrl(config: Pick<Config, "PUBLIC_URL" | "PIX_WEBHOOK_SECRET">): string {
  const url = new URL(BCB_WEBHOOK_PATH, config.PUBLIC_URL);
  url.searchParams.set("hmac", config.PIX_WEBHOOK_SECRET ?? "");
  return `${url.href}&ignorar=`;
}

type Cob = {
  txid?: string;
  status?: string;
  calendario?: { criacao?: string; expiracao?: number };
  valor?: { original?: string };
  pixCopiaECola?: string;
  pix?: Array<{ endToEndId?: string; valor?: string; horario?: string; devolucoes?: Array<{ valor?: string; status?: string }> }>;
};

function statusOf(cob: Cob, now: number): ChargeStatus {
  const refunded = (cob.pix ?? []).flatMap((pix) => pix.devolucoes ?? []).some((refund) => refund.status === "DEVOLVIDO");
  if (cob.status === "CONCLUIDA") return refunded ? "refunded" : "paid";
  if (cob.status?.startsWith("REMOVIDA")) return "cancelled";
  const created = Date.parse(cob.calendario?.criacao ?? "");
  const seconds = cob.calendario?.expiracao ?? 86_400;
  // An ATIVA cob past its expiry can no longer be paid (the payer's bank refuses it).
  return Number.isFinite(created) && created + seconds * 1000 <= now ? "expired" : "pending";
}

export function chargeStateOfCob(cob: Cob, now = Date.now()): ChargeState {
  const status = statusOf(cob, now);
  const payments = cob.pix ?? [];
  const paidCents = payments.reduce((sum, pix) => sum + (decimalToCents(pix.valor) ?? 0), 0);
  const first = payments[0];
  return {
    providerChargeId: cob.txid ?? "",
    reference: cob.txid ?? null,
    status,
    providerStatus: cob.status ?? "",
    amountCents: decimalToCents(cob.valor?.original) ?? 0,
    paidCents: payments.length > 0 ? paidCents : null,
    endToEndId: first?.endToEndId ?? null,
    paidAt: first?.horario ? new Date(first.horario) : null,
    raw: cob,
  };
}

export function bcbPixProvider(config: BcbConfig): PaymentProvider & { registerWebhook(): Promise<void> } {
  const base = (config.PIX_API_URL ?? "").replace(/\/+$/, "");
  const tokenUrl = config.PIX_OAUTH_URL ?? `${base}/oauth/token`;
  let agent: https.Agent | undefined;
  let token: { value: string; until: number } | null = null;

  // Read on first use, so a shop that never calls the PSP never needs the files.
  const mtls = () =>
    (agent ??= new https.Agent({
      cert: readFileSync(config.PIX_CERT_FILE ?? ""),
      key: readFileSync(config.PIX_CERT_KEY_FILE ?? ""),
      ...(config.PIX_CA_FILE ? { ca: readFileSync(config.PIX_CA_FILE) } : {}),
      keepAlive: true,
    }));

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${config.PIX_CLIENT_ID ?? ""}:${config.PIX_CLIENT_SECRET ?? ""}`).toString("base64");
    const answer = await providerRequest({
      method: "POST",
      url: tokenUrl,
      provider: "bcb",
      agent: mtls(),
      timeoutMs: config.PIX_PROVIDER_TIMEOUT_MS,
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const json = answer.json as { access_token?: string; expires_in?: number } | null;
    if (answer.status !== 200 || !json?.access_token) throw providerRefused(answer, "Pix API POST token");
    // A minute early, so a token never expires between being read here and reaching the PSP.
    token = { value: json.access_token, until: Date.now() + Math.max(0, (json.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }

  async function call(method: "GET" | "PUT" | "PATCH", path: string, body?: unknown): Promise<ProviderAnswer> {
    const send = async () =>
      providerRequest({
        method,
        url: `${base}${path}`,
        provider: "bcb",
        agent: mtls(),
        body,
        timeoutMs: config.PIX_PROVIDER_TIMEOUT_MS,
        headers: { authorization: `Bearer ${await accessToken()}` },
      });
    const answer = await send();
    if (answer.status !== 401) return answer;
    // The PSP revoked or expired the token early: one fresh token, one more try.
    token = null;
    return send();
  }

  const cobPath = (txid: string) => `/v2/cob/${encodeURIComponent(txid)}`;

  return {
    id: "bcb",
    confirmedBy: "webhook",
    async createCharge(request) {
      const txid = providerTxid(request.orderId, request.attempt);
      // The cob's lifetime counts from its creation at the PSP: what is left of the order's deadline.
      const seconds = Math.max(60, Math.ceil((request.expiresAt.getTime() - Date.now()) / 1000));
      let answer = await call("PUT", cobPath(txid), {
        calendario: { expiracao: seconds },
        ...(request.payer.cpf ? { devedor: { cpf: request.payer.cpf, nome: request.payer.name.slice(0, 200) } } : {}),
        valor: { original: centsToDecimal(request.totalCents) },
        chave: config.PIX_KEY,
        solicitacaoPagador: `Pedido ${request.orderNumber}`,
      });
      if (answer.status !== 200 && answer.status !== 201) {
        // The txid is the charge's idempotency key: a PSP that refuses a second PUT of a txid it
        // already holds (an earlier try whose answer was lost) still has that one cob; use it.
        const earlier = await call("GET", cobPath(txid));
        if (earlier.status !== 200 || (earlier.json as Cob | null)?.status !== "ATIVA")
          throw providerRefused(answer, "Pix API PUT /v2/cob/{txid}");
        answer = earlier;
      }
      const cob = answer.json as Cob;
      if (!cob.pixCopiaECola) throw new ProviderUnavailableError("Pix API: cob without pixCopiaECola");
      const created = Date.parse(cob.calendario?.criacao ?? "");
      const expiresAt = new Date(
        Number.isFinite(created) ? created + (cob.calendario?.expiracao ?? seconds) * 1000 : request.expiresAt.getTime(),
      );
      return { txid, brCode: cob.pixCopiaECola, expiresAt, providerChargeId: txid, raw: cob };
    },
    async readCharge({ providerChargeId }) {
      const answer = await call("GET", cobPath(providerChargeId));
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw providerRefused(answer, "Pix API GET /v2/cob/{txid}");
      return chargeStateOfCob(answer.json as Cob);
    },
    async cancelCharge({ providerChargeId }) {
      const answer = await call("PATCH", cobPath(providerChargeId), { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
      // 400: no longer ATIVA (paid or removed meanwhile): the poller reads what it became.
      if (answer.status >= 300 && answer.status !== 400) throw providerRefused(answer, "Pix API PATCH /v2/cob/{txid}");
    },
    async refundCharge({ endToEndId, amountCents, refundId }) {
      if (!endToEndId) throw new ProviderUnavailableError("Pix API: no endToEndId to refund");
      const id = refundId.replace(/[^a-zA-Z0-9]/g, "").slice(0, 35);
      const answer = await call("PUT", `/v2/pix/${encodeURIComponent(endToEndId)}/devolucao/${id}`, { valor: centsToDecimal(amountCents) });
      if (answer.status !== 200 && answer.status !== 201) throw providerRefused(answer, "Pix API PUT /v2/pix/{e2eid}/devolucao/{id}");
    },
    async verifyWebhook(request) {
      const secret = new URL(request.url).searchParams.get("hmac");
      if (!request.clientCertVerified && !sameSecret(secret, config.PIX_WEBHOOK_SECRET ?? "")) return null;
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        return [];
      }
      const parsed = bcbCallbackSchema.safeParse(body);
      if (!parsed.success) return [];
      const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.pix;
      const txids = new Set(entries.flatMap((pix) => (pix.txid && /^[a-zA-Z0-9]{26,35}$/.test(pix.txid) ? [pix.txid] : [])));
      return [...txids].map((txid) => ({ providerChargeId: txid }));
    },
    async registerWebhook() {
      const answer = await call("PUT", `/v2/webhook/${encodeURIComponent(config.PIX_KEY)}`, { webhookUrl: bcbWebhookUrl(config) });
      if (answer.status !== 200 && answer.status !== 201 && answer.status !== 204) throw providerRefused(answer, "Pix API PUT /v2/webhook");
    },
  };
}
