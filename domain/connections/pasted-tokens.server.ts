/**
 * The owner pastes a token instead of authorizing (issue 30 item 7): Melhor Envio's personal token
 * (Gerenciar › Tokens), checked by asking Melhor Envio whose it is, or Focus NFe's company token,
 * stored as it is (Focus has no call that only says whose a token is: the first note tells). Both
 * sealed, audited without the token; "Desconectar" forgets them.
 */
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import type { AppServices } from "#platform/services.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { PROVIDER_NAMES, type Provider } from "#domain/connections/connection-schemas.ts";
import { clearConnection, storeConnection, type NewTokens } from "#domain/connections/connection-store.server.ts";
import { providerUnavailable, readMelhorEnvioAccount } from "#domain/connections/melhor-envio-oauth.server.ts";

type Services = Pick<AppServices, "config" | "db">;

/** A JWT's `exp` (Melhor Envio's tokens are JWTs), read without checking it: only to show the date. */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

async function store(services: Services, provider: Provider, actorUserId: string, tokens: Omit<NewTokens, "connectedBy" | "method">) {
  const { db, config } = services;
  await db.transaction(async (tx) => {
    await storeConnection(tx, config, provider, { ...tokens, method: "token", connectedBy: actorUserId });
    await recordAudit(tx, {
      actorUserId,
      action: "connection.token",
      entityType: "connection",
      entityId: provider,
      entityLabel: PROVIDER_NAMES[provider],
      after: { method: "token", account: tokens.accountEmail ?? tokens.accountName ?? null },
    });
  });
}

export async function pasteMelhorEnvioToken(services: Services, actorUserId: string, token: string): Promise<void> {
  let account: Awaited<ReturnType<typeof readMelhorEnvioAccount>>;
  try {
    account = await readMelhorEnvioAccount(services.config, token);
  } catch (error) {
    if (error instanceof ServiceUnavailableError) throw providerUnavailable();
    throw error;
  }
  if (!account)
    throw new DomainError(
      "unprocessable",
      "token_refused",
      "O Melhor Envio recusou este token. Confira se ele foi copiado inteiro, se não venceu e se é do ambiente certo (produção ou sandbox).",
    );
  await store(services, "melhorenvio", actorUserId, {
    accessToken: token,
    refreshToken: null,
    accessExpiresAt: jwtExpiry(token),
    refreshExpiresAt: null,
    accountName: account.name,
    accountEmail: account.email,
  });
}

export async function pasteFocusNfeToken(services: Services, actorUserId: string, token: string): Promise<void> {
  await store(services, "focusnfe", actorUserId, {
    accessToken: token,
    refreshToken: null,
    accessExpiresAt: null,
    refreshExpiresAt: null,
    accountName: null,
    accountEmail: null,
  });
}

export async function disconnectProvider(services: Services, actorUserId: string, provider: Provider): Promise<void> {
  await services.db.transaction(async (tx) => {
    await clearConnection(tx, provider);
    await recordAudit(tx, {
      actorUserId,
      action: "connection.disconnect",
      entityType: "connection",
      entityId: provider,
      entityLabel: PROVIDER_NAMES[provider],
      after: { method: null },
    });
  });
}
