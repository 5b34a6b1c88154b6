/**
 * The shop's name an e-mail says (decision 087): the one the owner saved in Configurações, read
 * through the mailer's settings reader (the settings module's cached copy, decision 055), so that
 * no module that sends e-mail has to import the settings module, which sits above them.
 */
import type { Config } from "#platform/config.ts";
import { mailSettingsFor } from "#platform/mail/mailer.ts";
import { BUILT_IN_SHOP_NAME } from "#platform/public-config.ts";

export async function shopNameForMail(services: { config: Config; db?: unknown }): Promise<string> {
  return (await mailSettingsFor(services)).brand?.name ?? BUILT_IN_SHOP_NAME;
}
