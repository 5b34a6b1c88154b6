import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { payments } from "#platform/db/tables/payments.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import type { AppServices } from "#platform/services.ts";
import { bcbPixProvider } from "#domain/payments/bcb-pix-provider.server.ts";
import { currentShopSettings } from "#domain/settings/shop-settings.server.ts";
import { mercadoPagoProvider } from "#domain/payments/mercadopago-provider.server.ts";
import {
  type ChargeRequest,
  type PaymentProvider,
  type PixCharge,
  type ProviderId,
  providerTxid,
  staticPixProvider,
} from "#domain/payments/payment-provider.server.ts";

/**
 * Which provider makes the shop's Pix charges (PIX_PROVIDER), and the one way a charge is made:
 * checkout's first charge and every "Gerar novo Pix" start with startPix in their transaction, and a
 * provider's charge is made after the commit (decisions 036 and 045).
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

export type OrderCharge = PixCharge & { provider: ProviderId };

/** The job that makes a provider's charge after the order's commit, when the request could not (decision 045). */
export const PIX_CHARGE_TASK = "pix-charge";
export type PixChargeJob = { orderId: string; attempt: number };
/**
 * Tries of that job: graphile-worker waits e^n seconds after the n-th failure (at most about 6 h), so
 * these span days, longer than any order waits for its Pix; it stops by itself once the order is
 * paid, cancelled or has its Pix.
 */
const PIX_CHARGE_MAX_ATTEMPTS = 25;
/** The job waits for the request's own try (bounded by PIX_PROVIDER_TIMEOUT_MS) plus this margin. */
const PIX_CHARGE_JOB_DELAY_MS = 5_000;

/** When a Pix made now stops being payable: the order's deadline (PIX_EXPIRY_MINUTES). */
export function pixDeadline(config: Pick<Config, "PIX_EXPIRY_MINUTES">, now = new Date()): Date {
  return new Date(now.getTime() + config.PIX_EXPIRY_MINUTES * 60_000);
}

/** An order's Pix as its transaction saves it: the static BR Code at once; a provider's code later (null here). */
export type NewPix = { provider: ProviderId; txid: string; brCode: string | null; expiresAt: Date };

/**
 * Starts the order's Pix `attempt` inside the transaction that saves (checkout) or reopens (a new
 * Pix) the order, and never calls out from it: rows locked there (cart, stock, the order) would wait
 * on the provider for up to PIX_PROVIDER_TIMEOUT_MS. The static Pix is computed here. A provider's
 * charge is made after the commit (`makeProviderCharge`, by the request), and a `pix-charge` job
 * queued in this same transaction makes it if the request could not, or the process died first.
 * The txid is known now: it derives from the order's id and attempt.
 */
export async function startPix(tx: Tx, services: Services, request: ChargeRequest): Promise<NewPix> {
  const provider = chargingProvider(services.config);
  if (provider.id === "static_pix") {
    // The owner's Pix key, name and city as saved in the admin (decision 055), read at each order.
    const settings = await currentShopSettings(services);
    const receiver = { PIX_KEY: settings.pixKey, PIX_MERCHANT_NAME: settings.pixMerchantName, PIX_MERCHANT_CITY: settings.pixMerchantCity };
    const charge = await staticPixProvider({ ...services.config, ...receiver }).createCharge(request);
    return { provider: provider.id, txid: charge.txid, brCode: charge.brCode, expiresAt: charge.expiresAt };
  }
  const job: PixChargeJob = { orderId: request.orderId, attempt: request.attempt };
  await enqueueJob(tx, PIX_CHARGE_TASK, job, {
    maxAttempts: PIX_CHARGE_MAX_ATTEMPTS,
    runAt: new Date(Date.now() + services.config.PIX_PROVIDER_TIMEOUT_MS + PIX_CHARGE_JOB_DELAY_MS),
    jobKey: `${PIX_CHARGE_TASK}:${request.orderId}:${request.attempt}`,
  });
  return { provider: provider.id, txid: providerTxid(request.orderId, request.attempt), brCode: null, expiresAt: request.expiresAt };
}

/**
 * Makes the charge at `providerId`, outside any transaction, under the provider's idempotency key
 * (Mercado Pago's X-Idempotency-Key `{orderId}:{attempt}`, the BCB cob's txid): the request and the
 * job, or two workers, asking at once get the same one charge. Throws ProviderUnavailableError when
 * the provider fails or does not answer within PIX_PROVIDER_TIMEOUT_MS.
 */
export async function makeProviderCharge(config: Config, providerId: string, request: ChargeRequest): Promise<OrderCharge | null> {
  const provider = providerById(config, providerId);
  if (!provider || provider.id === "static_pix") return null;
  const charge = await provider.createCharge(request);
  return { ...charge, provider: provider.id };
}

/**
 * Records a provider's charge in `payments` (the poller and the webhooks find it there); a second
 * record of the same charge (the request and the job both made it) changes nothing.
 */
export async function recordCharge(tx: Tx, request: ChargeRequest, charge: OrderCharge): Promise<void> {
  if (!charge.providerChargeId) return;
  await tx
    .insert(payments)
    .values({
      orderId: request.orderId,
      provider: charge.provider,
      attempt: request.attempt,
      providerChargeId: charge.providerChargeId,
      txid: charge.txid,
      status: "pending",
      amountCents: request.totalCents,
      raw: charge.raw as object,
      expiresAt: charge.expiresAt,
    })
    .onConflictDoNothing();
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
