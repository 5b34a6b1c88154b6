/**
 * Reads and saves the shop's shipping and tax data (issue 30 item 2, fulfilment-profile.ts), kept in
 * the settings row beside the other settings (`values.fulfilment`), so every instance follows it.
 */
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";
import { currentShopSettings, saveSettingsPart } from "#domain/settings/shop-settings.server.ts";

type Services = { db: Database; config: Config };

/** The saved profile; null until the owner fills it in (the shop then is not ready to ship). */
export async function readFulfilmentProfile(services: Services): Promise<FulfilmentProfile | null> {
  return (await currentShopSettings(services)).fulfilment ?? null;
}

/** The owner saves it: stored, audited and every instance told, in one transaction. */
export async function saveFulfilmentProfile(
  services: Services,
  actorUserId: string,
  profile: FulfilmentProfile,
): Promise<FulfilmentProfile> {
  await saveSettingsPart(services, {
    actorUserId,
    action: "settings.fulfilment_update",
    key: "fulfilment",
    value: profile,
    audit: (value) => value ?? null,
  });
  return profile;
}
