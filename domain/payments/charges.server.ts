import { randomUUID } from "node:crypto";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { payments } from "#platform/db/tables/payments.ts";
import type { AppServices } from "#platform/services.ts";
import { DomainError } from "#domain/errors.ts";
import { bcbPixProvider } from "#domain/payments/bcb-pix-provider.server.ts";
import { mercadoPagoProvider } from "#domain/payments/mercadopago-provider.server.ts";
import {
  type ChargeRequest,
  type PaymentProvider,
  type PixCharge,
  type ProviderId,
  ProviderUnavailableError,
  staticPixProvider,
} from "#domain/payments/payment-provider.server.ts";

/**
 * Which provider makes the shop's Pix charges (PIX_PROVIDER), and the one way a charge is made:
 * checkout's first charge and every "Gerar novo Pix" go through chargeOrder (decision 036).
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Services = Pick<AppServices, "config" | "db" | "logger">;

const PROVIDER_OF_SETTING = { static: "static_pix", mercadopago: "mercadopago", bcb: "bcb" } as const satisfies Record<
  Config["PIX_PROVIDER"],
  ProviderId
>;

// One instance per configuration: the BCB client keeps its OAuth token and TLS sessions in it.
const instances = new WeakMap<Config, Map<ProviderId, PaymentProvider>>();

function build(config: Config, id: ProviderId): PaymentProvider {
  if (id === "mercadopago") return mercadoPagoProvider(config);
  if (id === "bcb") return bcbPixProvider(config);
  return staticPixProvider(config);
}

/**
 * The provider `id` under this configuration; null when it is not the configured one (a charge made
 * before PIX_PROVIDER changed cannot be read without its credentials). The static Pix always is.
 */
export function providerById(config: Config, id: string): PaymentProvider | null {
  const configured = PROVIDER_OF_SETTING[config.PIX_PROVIDER];
  if (id !== "static_pix" && id !== configured) return null;
  let byId = instances.get(config);
  if (!byId) instances.set(config, (byId = new Map()));
  let provider = byId.get(id as ProviderId);
  if (!provider) byId.set(id as ProviderId, (provider = build(config, id as ProviderId)));
  return provider;
}

/** The provider new charges go to. */
export function chargingProvider(config: Config): PaymentProvider {
  return providerById(config, PROVIDER_OF_SETTING[config.PIX_PROVIDER])!;
}

export const providerUnavailable = () =>
  new DomainError("conflict", "pix_provider_unavailable", "Não conseguimos gerar o Pix agora. Tente de novo em instantes.");

export type OrderCharge = PixCharge & { provider: ProviderId };

/**
 * Makes the order's charge `attempt` at the configured provider and, for a provider's charge,
 * records it in `payments` in the caller's transaction (the poller and the webhooks find it there).
 * A provider that fails or does not answer within PIX_PROVIDER_TIMEOUT_MS refuses with 409: the
 * caller's transaction rolls back, and the charge the provider may have made was never shown to
 * anyone, so nobody can pay it (it expires there).
 */
export async function chargeOrder(tx: Tx, services: Services, request: ChargeRequest): Promise<OrderCharge> {
  const provider = chargingProvider(services.config);
  let charge: PixCharge;
  try {
    charge = await provider.createCharge(request);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    services.logger.warn({ err: error, provider: provider.id, orderId: request.orderId }, "pix provider did not create the charge");
    throw providerUnavailable();
  }
  if (charge.providerChargeId) {
    await tx.insert(payments).values({
      orderId: request.orderId,
      provider: provider.id,
      attempt: request.attempt,
      providerChargeId: charge.providerChargeId,
      txid: charge.txid,
      status: "pending",
      amountCents: request.totalCents,
      raw: charge.raw as object,
      expiresAt: charge.expiresAt,
    });
  }
  return { ...charge, provider: provider.id };
}

/**
 * Checkout's charge (attempt 1) of an order about to be written: its id is chosen here, since a
 * provider's txid and reference derive from it; the order row takes `orderId` and `provider`.
 */
export async function chargeNewOrder(
  tx: Tx,
  services: Services,
  order: Omit<ChargeRequest, "orderId" | "attempt" | "now">,
): Promise<OrderCharge & { orderId: string }> {
  const orderId = randomUUID();
  const charge = await chargeOrder(tx, services, { ...order, orderId, attempt: 1, now: new Date() });
  return { ...charge, orderId };
}

/**
 * At start-up with PIX_PROVIDER=bcb: registers the shop's webhook for its Pix key (PUT
 * /v2/webhook/{chave}, idempotent). Mercado Pago needs none: each charge carries its
 * notification_url. A failure is logged and the poller still confirms payments meanwhile.
 */
export async function registerProviderWebhook(services: Services): Promise<boolean> {
  if (services.config.PIX_PROVIDER !== "bcb") return false;
  const provider = chargingProvider(services.config) as ReturnType<typeof bcbPixProvider>;
  try {
    await provider.registerWebhook();
    services.logger.info({ provider: "bcb" }, "pix webhook registered");
    return true;
  } catch (error) {
    services.logger.warn({ err: error, provider: "bcb" }, "pix webhook registration failed; the poller confirms payments meanwhile");
    return false;
  }
}
