/**
 * Reads and saves the shop's shipping and tax data (issue 30 item 2, fulfilment-profile.ts), kept in
 * the settings row beside the other settings (`values.fulfilment`), so every instance follows it.
 */
import { sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { shopSettings } from "#platform/db/tables/settings.ts";
import { invalidateShared } from "#platform/realtime/shared-caches.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";
import {
  currentShopSettings,
  keepSavedCopy,
  readSaved,
  SETTINGS_CACHE_NAME,
  type ShopSettings,
} from "#domain/settings/shop-settings.server.ts";

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
  const { db } = services;
  const saved = await db.transaction(async (tx) => {
    const previous = await readSaved(tx);
    const values = { ...previous.values, fulfilment: profile };
    const [row] = await tx
      .insert(shopSettings)
      .values({ id: true, values })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: { values: sql`${shopSettings.values} || ${JSON.stringify({ fulfilment: profile })}::jsonb`, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "settings.fulfilment_update",
      entityType: "settings",
      entityId: "loja",
      before: { fulfilment: previous.values.fulfilment ?? null },
      after: { fulfilment: profile },
    });
    await invalidateShared(tx, SETTINGS_CACHE_NAME);
    return { values: row!.values as Partial<ShopSettings>, updatedAt: row!.updatedAt.toISOString() };
  });
  keepSavedCopy(db, saved);
  return profile;
}
