/**
 * A provider's webhook call (decision 037): authentic or refused, then each charge it points at is
 * read back from the provider and applied (apply-charge.server.ts). The call's own body never
 * decides anything.
 */
import type { Services } from "#domain/orders/order-store.server.ts";
import { providerById } from "#domain/payments/charges.server.ts";
import { ProviderUnavailableError, type WebhookRequest } from "#domain/payments/payment-provider.server.ts";
import { syncCharge, type Outcome } from "#domain/reconciliation/apply-charge.server.ts";
import { applyChargeback } from "#domain/reconciliation/card-checkout.server.ts";

export type WebhookResult = { authentic: false } | { authentic: true; outcomes: Outcome[] };

export async function handlePaymentWebhook(
  services: Services,
  providerId: "mercadopago" | "bcb",
  request: WebhookRequest,
): Promise<WebhookResult> {
  const provider = providerById(services.config, providerId);
  // A provider the shop is not configured for has nobody to verify it: nobody's call is authentic.
  const hints = provider ? await provider.verifyWebhook(request) : null;
  if (!provider || !hints) return { authentic: false };
  const outcomes: Outcome[] = [];
  for (const hint of hints) {
    try {
      if ("chargebackId" in hint) outcomes.push(...(await applyChargeback(services, hint.chargebackId)));
      else outcomes.push(await syncCharge(services, provider, hint.providerChargeId));
    } catch (error) {
      // The provider did not answer the read-back in time: nothing changed; the poller reads it later.
      if (!(error instanceof ProviderUnavailableError)) throw error;
      services.logger.warn({ err: error, provider: providerId, hint }, "payment webhook: read-back failed");
      outcomes.push("unchanged");
    }
  }
  return { authentic: true, outcomes };
}
