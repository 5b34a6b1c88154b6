/**
 * Melhor Envio's label routes as the shop calls them (issue 30 item 4): the cart, the checkout from
 * the wallet, generation, printing, tracking, cancelling and the balance. Every call takes its
 * credentials from melhorEnvioAccess. A refusal Melhor Envio answers (4xx) becomes a LabelRefusal
 * whose message the owner reads, in Portuguese, with what to do; no answer in time, or a 5xx, is a
 * ServiceUnavailableError and the job tries again later.
 */
import { z } from "zod";
import { providerRequest, ServiceUnavailableError, type ProviderAnswer } from "#platform/http/provider-request.ts";
import type { AppServices } from "#platform/services.ts";
import { melhorEnvioAccess, type MelhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import { recordProviderError } from "#domain/connections/provider-errors.server.ts";
import { refreshMelhorEnvioTokens } from "#domain/connections/refresh-tokens.server.ts";

type Services = Pick<AppServices, "config" | "db">;

/** Melhor Envio said no: the owner must change something (balance, documents, a field) before trying again. */
export class LabelRefusal extends Error {
  override name = "LabelRefusal";
  constructor(
    message: string,
    /** "expired": the cart item is gone; the label starts again from the cart. */
    readonly kind: "refused" | "expired" | "unauthenticated" = "refused",
  ) {
    super(message);
  }
}

export const NOT_CONNECTED =
  "O Melhor Envio não está conectado: conecte a conta (ou cole o token) em Configurações antes de comprar etiquetas.";

const shipmentSchema = z.object({
  id: z.string(),
  protocol: z.string().nullish(),
  status: z.string(),
  price: z.coerce.number().nullish(),
  tracking: z.string().nullish(),
  self_tracking: z.string().nullish(),
  tags: z.array(z.object({ tag: z.string(), url: z.string().nullish() })).nullish(),
});
export type MelhorEnvioShipment = z.infer<typeof shipmentSchema>;

export const trackingEntrySchema = z.object({
  id: z.string(),
  status: z.string(),
  tracking: z.string().nullish(),
  melhorenvio_tracking: z.string().nullish(),
  posted_at: z.string().nullish(),
  delivered_at: z.string().nullish(),
});
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;

async function access(services: Services): Promise<MelhorEnvioAccess> {
  const found = await melhorEnvioAccess(services);
  if (!found) throw new LabelRefusal(NOT_CONNECTED, "unauthenticated");
  return found;
}

async function call(
  services: Services,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  retried = false,
): Promise<ProviderAnswer> {
  const me = await access(services);
  let answer: ProviderAnswer;
  try {
    answer = await providerRequest({
      method,
      url: `${me.apiUrl}${path}`,
      headers: { authorization: `Bearer ${me.token}`, "user-agent": me.userAgent },
      body,
      timeoutMs: services.config.MELHOR_ENVIO_TIMEOUT_MS,
      provider: "melhorenvio",
    });
  } catch (error) {
    await recordProviderError(services.db, "melhorenvio", `Etiquetas: ${method} ${path} sem resposta`);
    throw error;
  }
  if (answer.status >= 500 || answer.status === 429) {
    await recordProviderError(services.db, "melhorenvio", `Etiquetas: ${method} ${path} respondeu HTTP ${answer.status}`);
    throw new ServiceUnavailableError(`${method} ${path}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  // The health panel shows a connection the provider no longer accepts (decision 075).
  if (answer.status === 401) {
    // An authorized (OAuth) token refused early: renew it at once and try this call once more (decision 075).
    if (!retried && (await refreshMelhorEnvioTokens(services, new Date(), { evenIfNotDue: true })) > 0) {
      return call(services, method, path, body, true);
    }
    await recordProviderError(services.db, "melhorenvio", "Etiquetas: acesso recusado (token vencido ou sem permissão)");
  }
  return answer;
}

/** The Portuguese the owner reads for a 4xx of Melhor Envio, with what to do. */
export function refusalOf(answer: ProviderAnswer): LabelRefusal {
  if (answer.status === 401) {
    return new LabelRefusal(
      "O Melhor Envio recusou o acesso (token vencido ou sem permissão): conecte a conta de novo em Configurações e tente outra vez.",
      "unauthenticated",
    );
  }
  const json = (answer.json ?? {}) as { error?: unknown; message?: unknown; errors?: unknown };
  const flat = typeof json.error === "string" ? json.error : null;
  if (flat?.startsWith("Seu saldo de R$")) {
    return new LabelRefusal(
      `Saldo insuficiente no Melhor Envio (${flat}). Adicione saldo na carteira do Melhor Envio e toque em “Tentar de novo”.`,
    );
  }
  if (flat && /documentos.*iguais/i.test(flat)) {
    return new LabelRefusal(
      "O CPF do cliente é o mesmo documento da loja, e o Melhor Envio não aceita remetente e destinatário iguais: confira o CPF/CNPJ em Configurações › Envio e impostos.",
    );
  }
  if (json.errors && typeof json.errors === "object") {
    // Melhor Envio's 422: { errors: { "to.postal_code": ["…"] } }; the last message per field says the most.
    const fields = Object.entries(json.errors as Record<string, unknown>).map(([field, messages]) => {
      const list = Array.isArray(messages) ? messages : [messages];
      return `${field}: ${String(list[list.length - 1])}`;
    });
    return new LabelRefusal(`O Melhor Envio recusou os dados da etiqueta (${fields.join("; ")}). Corrija e toque em “Tentar de novo”.`);
  }
  const said = flat ?? (typeof json.message === "string" ? json.message : answer.text.slice(0, 200));
  return new LabelRefusal(`O Melhor Envio recusou a etiqueta: ${said}. Corrija o que ele pede e toque em “Tentar de novo”.`);
}

function expect2xx(answer: ProviderAnswer): unknown {
  if (answer.status >= 400) throw refusalOf(answer);
  return answer.json;
}

/** POST /cart: one shipment in the cart (pending). */
export async function addToCart(services: Services, body: object): Promise<MelhorEnvioShipment> {
  return shipmentSchema.parse(expect2xx(await call(services, "POST", "/cart", body)));
}

/** GET /cart: the cart's shipments (a crash after POST /cart finds its item here by our tag). */
export async function cartItems(services: Services): Promise<MelhorEnvioShipment[]> {
  const json = expect2xx(await call(services, "GET", "/cart"));
  const list = Array.isArray(json) ? json : ((json as { data?: unknown })?.data ?? []);
  return z.array(shipmentSchema).parse(list);
}

/** GET /orders/{id}: the shipment as Melhor Envio has it now; null when it no longer exists (expired, removed). */
export async function readShipment(services: Services, id: string): Promise<MelhorEnvioShipment | null> {
  const answer = await call(services, "GET", `/orders/${encodeURIComponent(id)}`);
  if (answer.status === 404) return null;
  return shipmentSchema.parse(expect2xx(answer));
}

/** POST /shipment/checkout: pays the shipments from the wallet. */
export async function checkout(services: Services, ids: string[]): Promise<void> {
  expect2xx(await call(services, "POST", "/shipment/checkout", { orders: ids }));
}

/** POST /shipment/generate: makes the labels (asynchronous at Melhor Envio; the print step checks). */
export async function generate(services: Services, ids: string[]): Promise<void> {
  const json = expect2xx(await call(services, "POST", "/shipment/generate", { orders: ids, mode: "public" })) as Record<
    string,
    { status?: boolean; message?: string } | undefined
  > | null;
  for (const id of ids) {
    const result = json?.[id];
    if (result && result.status === false)
      throw new LabelRefusal(`O Melhor Envio não gerou a etiqueta: ${result.message ?? "sem motivo"}.`);
  }
}

/** POST /shipment/print: one public link printing every given label. */
export async function printLink(services: Services, ids: string[]): Promise<string> {
  const json = expect2xx(await call(services, "POST", "/shipment/print", { mode: "public", orders: ids }));
  return z.object({ url: z.string() }).parse(json).url;
}

/** POST /shipment/tracking: each shipment's status and codes, keyed by its id (cached an hour by Melhor Envio). */
export async function tracking(services: Services, ids: string[]): Promise<Map<string, TrackingEntry>> {
  const json = expect2xx(await call(services, "POST", "/shipment/tracking", { orders: ids }));
  const entries = z.record(z.string(), trackingEntrySchema).parse(json ?? {});
  return new Map(Object.entries(entries));
}

/** POST /shipment/cancel (paid labels; the wallet is refunded) or DELETE /cart/{id} (still in the cart). */
export async function cancelShipment(services: Services, id: string, paid: boolean): Promise<void> {
  if (!paid) {
    const answer = await call(services, "DELETE", `/cart/${encodeURIComponent(id)}`);
    if (answer.status !== 404) expect2xx(answer);
    return;
  }
  expect2xx(await call(services, "POST", "/shipment/cancel", { order: { id, reason_id: 2, description: "Cancelado pelo lojista" } }));
}

/** GET /balance: the wallet, in cents. */
export async function walletBalanceCents(services: Services): Promise<number> {
  const json = expect2xx(await call(services, "GET", "/balance"));
  return Math.round(z.object({ balance: z.coerce.number() }).parse(json).balance * 100);
}
