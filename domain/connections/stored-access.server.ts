/**
 * The token a call to a provider sends (issue 30 item 7, decision 075): the one stored from the
 * admin (OAuth or pasted) wins over the environment's (MELHOR_ENVIO_TOKEN, FOCUS_NFE_TOKEN), as the
 * owner's saved settings win over the environment's first-start values (decision 055). An expired or
 * unreadable stored token is not sent: the environment's is used, or none.
 */
import type { AppServices } from "#platform/services.ts";
import type { Provider } from "#domain/connections/connection-schemas.ts";
import { openTokens, readConnectionRow } from "#domain/connections/connection-store.server.ts";

export async function providerToken(
  services: Pick<AppServices, "config" | "db">,
  provider: Provider,
  now = new Date(),
): Promise<string | null> {
  const { config } = services;
  const opened = openTokens(config, provider, await readConnectionRow(services.db, provider));
  const usable = opened.kind === "tokens" && !(opened.row.accessExpiresAt && opened.row.accessExpiresAt.getTime() <= now.getTime());
  if (usable) return opened.accessToken;
  return (provider === "melhorenvio" ? config.MELHOR_ENVIO_TOKEN : config.FOCUS_NFE_TOKEN) ?? null;
}
