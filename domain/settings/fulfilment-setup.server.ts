/**
 * The shop's shipping and tax data with its readiness (issue 30 item 2, decision 074), as the owner's
 * settings screen and the go-live check read it (decision 088). Whether each provider answers for the
 * shop is its stored or configured token: Melhor Envio's through shipping, Focus NFe's straight from
 * connections (the one token domain/invoices sends).
 */
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { providerToken } from "#domain/connections/stored-access.server.ts";
import { melhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";
import { readFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { fulfilmentReadiness, type FulfilmentReadiness } from "#domain/settings/fulfilment-readiness.ts";

export type FulfilmentSetupView = { profile: FulfilmentProfile | null; readiness: FulfilmentReadiness };

export async function readFulfilmentSetup(services: { db: Database; config: Config }): Promise<FulfilmentSetupView> {
  const [profile, melhorEnvio, focusNfeToken] = await Promise.all([
    readFulfilmentProfile(services),
    melhorEnvioAccess(services),
    providerToken(services, "focusnfe"),
  ]);
  const readiness = fulfilmentReadiness({
    profile,
    shippingProvider: services.config.SHIPPING_PROVIDER,
    invoiceProvider: services.config.INVOICE_PROVIDER,
    melhorEnvioConnected: melhorEnvio !== null,
    focusNfeConnected: focusNfeToken !== null,
  });
  return { profile, readiness };
}
