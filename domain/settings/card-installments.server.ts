/**
 * Reads and saves the owner's installments rule (issue 32 item 1, card-installments.ts), kept in the
 * settings row beside the other settings (`values.cardInstallments`), so every instance follows it.
 * Until the owner saves one, CARD_MAX_INSTALLMENTS and CARD_INSTALLMENTS_WITHOUT_INTEREST are the rule.
 */
import { sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { shopSettings } from "#platform/db/tables/settings.ts";
import { invalidateShared } from "#platform/realtime/shared-caches.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import type { CardInstallments } from "#domain/settings/card-installments.ts";
import {
  currentShopSettings,
  keepSavedCopy,
  readSaved,
  SETTINGS_CACHE_NAME,
  type ShopSettings,
} from "#domain/settings/shop-settings.server.ts";

type Services = { db: Database; config: Config };

/** The first start's rule: the environment's. */
export function cardInstallmentsFromEnv(
  config: Pick<Config, "CARD_MAX_INSTALLMENTS" | "CARD_INSTALLMENTS_WITHOUT_INTEREST">,
): CardInstallments {
  return { maxInstallments: config.CARD_MAX_INSTALLMENTS, withoutInterest: config.CARD_INSTALLMENTS_WITHOUT_INTEREST };
}

/** The rule in force: the owner's saved one, else the environment's. */
export async function readCardInstallments(services: Services): Promise<CardInstallments> {
  return (await currentShopSettings(services)).cardInstallments ?? cardInstallmentsFromEnv(services.config);
}

/** The owner saves it: stored, audited and every instance told, in one transaction. */
export async function saveCardInstallments(services: Services, actorUserId: string, rule: CardInstallments): Promise<CardInstallments> {
  const { db, config } = services;
  const saved = await db.transaction(async (tx) => {
    const previous = await readSaved(tx);
    const values = { ...previous.values, cardInstallments: rule };
    const [row] = await tx
      .insert(shopSettings)
      .values({ id: true, values })
      .onConflictDoUpdate({
        target: shopSettings.id,
        // Only this key: a settings form saved at the same moment keeps its own fields.
        set: { values: sql`${shopSettings.values} || ${JSON.stringify({ cardInstallments: rule })}::jsonb`, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "settings.card_installments_update",
      entityType: "settings",
      entityId: "loja",
      before: { cardInstallments: previous.values.cardInstallments ?? cardInstallmentsFromEnv(config) },
      after: { cardInstallments: rule },
    });
    await invalidateShared(tx, SETTINGS_CACHE_NAME);
    return { values: row!.values as Partial<ShopSettings>, updatedAt: row!.updatedAt.toISOString() };
  });
  keepSavedCopy(db, saved);
  return rule;
}
