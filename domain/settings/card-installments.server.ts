/**
 * Reads and saves the owner's installments rule (issue 32 item 1, card-installments.ts), kept in the
 * settings row beside the other settings (`values.cardInstallments`), so every instance follows it.
 * Until the owner saves one, CARD_MAX_INSTALLMENTS and CARD_INSTALLMENTS_WITHOUT_INTEREST are the rule.
 */
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import type { CardInstallments } from "#domain/settings/card-installments.ts";
import { currentShopSettings, saveSettingsPart } from "#domain/settings/shop-settings.server.ts";

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
  await saveSettingsPart(services, {
    actorUserId,
    action: "settings.card_installments_update",
    key: "cardInstallments",
    value: rule,
    audit: (value) => value ?? cardInstallmentsFromEnv(services.config),
  });
  return rule;
}
