/**
 * The shop's shipping and tax data with its readiness (issue 30 item 2, decision 074), as the owner's
 * settings screen reads it. Whether Focus NFe is connected is asked by the caller: invoices sits
 * above settings (it reads this profile), so settings cannot ask it.
 */
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { melhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";
import { readFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { fulfilmentReadiness, type FulfilmentReadiness } from "#domain/settings/fulfilment-readiness.ts";

export type FulfilmentSetupView = { profile: FulfilmentProfile | null; readiness: FulfilmentReadiness };

export async function readFulfilmentSetup(
  services: { db: Database; config: Config },
  focusNfeConnected: boolean,
): Promise<FulfilmentSetupView> {
  const [profile, melhorEnvio] = await Promise.all([readFulfilmentProfile(services), melhorEnvioAccess(services)]);
  const readiness = fulfilmentReadiness({
    profile,
    shippingProvider: services.config.SHIPPING_PROVIDER,
    invoiceProvider: services.config.INVOICE_PROVIDER,
    melhorEnvioConnected: melhorEnvio !== null,
    focusNfeConnected,
  });
  return { profile, readiness };
}
