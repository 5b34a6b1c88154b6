/**
 * Renews Melhor Envio's authorized tokens before they end (issue 30 item 7, decision 075): a
 * schedule asks every 10 minutes; when the access token has less than REFRESH_BEFORE_DAYS left, the
 * refresh token buys a new pair (30 and 45 days). The new pair is written only over the pair it
 * replaced (compare-and-set on the sealed refresh token), so two workers never store a stale one;
 * no row lock is held while Melhor Envio answers. A failure is kept for the health panel and the
 * next occurrence tries again.
 */
import { and, eq } from "drizzle-orm";
import { providerConnections } from "#platform/db/tables/connections.ts";
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import type { AppServices } from "#platform/services.ts";
import { openTokens, readConnectionRow, sealToken } from "#domain/connections/connection-store.server.ts";
import { requestTokens, TokenRefusedError } from "#domain/connections/melhor-envio-oauth.server.ts";

/** The schedule's task name (server/jobs). */
export const MELHOR_ENVIO_REFRESH_TASK = "melhorenvio-token-refresh";
/** Renew this long before the access token ends: a week of failed tries is still in time. */
export const REFRESH_BEFORE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type Services = Pick<AppServices, "config" | "db">;

async function keepRefreshError(services: Services, message: string): Promise<void> {
  await services.db
    .update(providerConnections)
    .set({ lastRefreshError: message.slice(0, 300), updatedAt: new Date() })
    .where(eq(providerConnections.provider, "melhorenvio"));
}

/**
 * 1 when it renewed the tokens, 0 when nothing was due (or it failed: kept for the panel).
 * `evenIfNotDue`: a caller whose call got 401 with an authorized token renews at once, then tries
 * its call again once (the schedule alone renews a week early, so this is the rare case).
 */
export async function refreshMelhorEnvioTokens(
  services: Services,
  now = new Date(),
  options: { evenIfNotDue?: boolean } = {},
): Promise<number> {
  const { config, db } = services;
  const row = await readConnectionRow(db, "melhorenvio");
  if (row?.method !== "oauth" || !row.accessExpiresAt || !row.refreshTokenSealed) return 0;
  if (!options.evenIfNotDue && row.accessExpiresAt.getTime() - now.getTime() > REFRESH_BEFORE_DAYS * DAY_MS) return 0;
  const opened = openTokens(config, "melhorenvio", row);
  if (opened.kind !== "tokens" || !opened.refreshToken) {
    await keepRefreshError(services, "o token salvo não abre mais (o segredo da loja mudou?): conecte de novo.");
    return 0;
  }
  if (row.refreshExpiresAt && row.refreshExpiresAt.getTime() <= now.getTime()) {
    await keepRefreshError(services, "o token de renovação venceu: conecte de novo.");
    return 0;
  }
  if (!config.MELHOR_ENVIO_CLIENT_ID || !config.MELHOR_ENVIO_CLIENT_SECRET) {
    await keepRefreshError(services, "MELHOR_ENVIO_CLIENT_ID e MELHOR_ENVIO_CLIENT_SECRET não estão configurados.");
    return 0;
  }
  let tokens: Awaited<ReturnType<typeof requestTokens>>;
  try {
    tokens = await requestTokens(
      config,
      {
        grant_type: "refresh_token",
        client_id: config.MELHOR_ENVIO_CLIENT_ID,
        client_secret: config.MELHOR_ENVIO_CLIENT_SECRET,
        refresh_token: opened.refreshToken,
      },
      now,
    );
  } catch (error) {
    if (error instanceof TokenRefusedError) {
      await keepRefreshError(services, `o Melhor Envio recusou a renovação (${error.message}).`);
      return 0;
    }
    if (error instanceof ServiceUnavailableError) {
      await keepRefreshError(services, "o Melhor Envio não respondeu; a loja tenta de novo em 10 minutos.");
      return 0;
    }
    throw error;
  }
  const renewed = await db
    .update(providerConnections)
    .set({
      accessTokenSealed: sealToken(config, "melhorenvio", "access", tokens.accessToken),
      refreshTokenSealed: sealToken(config, "melhorenvio", "refresh", tokens.refreshToken),
      accessExpiresAt: tokens.accessExpiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
      lastRefreshAt: now,
      lastRefreshError: null,
      updatedAt: now,
    })
    .where(and(eq(providerConnections.provider, "melhorenvio"), eq(providerConnections.refreshTokenSealed, row.refreshTokenSealed)))
    .returning({ provider: providerConnections.provider });
  return renewed.length;
}
