/**
 * The owner's installments rule as the pages and the card payment read it (issue 32 item 1): saved
 * in the admin's settings (domain/settings/card-installments.server.ts), the environment's until then.
 * Computed on the server: the storefront gets the sentence in its HTML, never the rule's code.
 */
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { cardCheckoutSettings, type CardCheckoutSettings, cardsEnabled } from "#domain/payments/card-settings.ts";
import { statementDescriptorOf } from "#domain/payments/statement-descriptor.ts";
import { readCardInstallments } from "#domain/settings/card-installments.server.ts";
import { currentShopSettings } from "#domain/settings/shop-settings.server.ts";

type Services = { db: Database; config: Config };

/** What the checkout's card step needs; null with cards off. */
export async function cardCheckoutSettingsFor(services: Services): Promise<CardCheckoutSettings | null> {
  if (!cardsEnabled(services.config)) return null;
  return cardCheckoutSettings(services.config, await readCardInstallments(services));
}

/** "em até 3x sem juros" for the product pages and the cart; null with cards off or no installment without interest. */
export async function cardPitchFor(services: Services): Promise<string | null> {
  return (await cardCheckoutSettingsFor(services))?.pitch ?? null;
}

/** The most installments a buyer may choose now (the server refuses more). */
export async function maxInstallmentsFor(services: Services): Promise<number> {
  return (await readCardInstallments(services)).maxInstallments;
}

/** The name the buyer's card statement shows: the shop's name the owner saved (decision 087). */
export async function statementDescriptorFor(services: Services): Promise<string> {
  return statementDescriptorOf((await currentShopSettings(services)).shopName);
}
