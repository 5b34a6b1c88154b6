/**
 * Connecting Melhor Envio by OAuth2 (issue 30 item 7, decision 075): the owner's browser goes to
 * {MELHOR_ENVIO_URL}/oauth/authorize with a `state` bound to the admin's session, comes back to the
 * settings screen with a code, and the shop exchanges that code once at /oauth/token (form body) for
 * an access token (30 days) and a refresh token (45 days), stored sealed. A schedule renews them a
 * week before the access token ends (refresh-tokens.server.ts), not only when a call gets 401.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "#platform/config.ts";
import { oauthStates } from "#platform/db/tables/connections.ts";
import { providerRequest, ServiceUnavailableError, type ProviderAnswer } from "#platform/http/provider-request.ts";
import type { AppServices } from "#platform/services.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { CONNECTIONS_RETURN_PATH } from "#domain/connections/connection-schemas.ts";
import { storeConnection } from "#domain/connections/connection-store.server.ts";
import { recordProviderError } from "#domain/connections/provider-errors.server.ts";

type Services = Pick<AppServices, "config" | "db">;

/** What the shop asks Melhor Envio to allow: quotes, the four label steps, tracking, the wallet, the account. */
export const MELHOR_ENVIO_SCOPES = [
  "cart-read",
  "cart-write",
  "orders-read",
  "shipping-calculate",
  "shipping-checkout",
  "shipping-generate",
  "shipping-print",
  "shipping-preview",
  "shipping-tracking",
  "shipping-cancel",
  "shipping-companies",
  "purchases-read",
  "transactions-read",
  "users-read",
  "webhooks-read",
  "webhooks-write",
].join(" ");

/** How long the owner has between "Conectar" and coming back. */
export const AUTHORIZATION_MINUTES = 10;
/** Melhor Envio's refresh token lives 45 days from when it is issued; its answer does not say so. */
export const REFRESH_TOKEN_DAYS = 45;
const DAY_MS = 24 * 60 * 60 * 1000;

export const melhorEnvioHost = (config: Config) => config.MELHOR_ENVIO_URL.replace(/\/$/, "");
/** Melhor Envio refuses calls without "User-Agent: App (email)". */
export const melhorEnvioUserAgent = (config: Config) => `Loja Micologia (${config.SHOP_EMAIL})`;
/** Where Melhor Envio sends the owner back: registered as is in the OAuth app. */
export const melhorEnvioRedirectUri = (config: Config) => `${config.PUBLIC_URL.replace(/\/$/, "")}${CONNECTIONS_RETURN_PATH}`;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Who is connecting: the admin and a fingerprint of the session that pressed "Conectar". */
export type Authorizer = { userId: string; sessionHash: string };

function oauthClient(config: Config): { clientId: string; clientSecret: string } | null {
  if (!config.MELHOR_ENVIO_CLIENT_ID || !config.MELHOR_ENVIO_CLIENT_SECRET) return null;
  return { clientId: config.MELHOR_ENVIO_CLIENT_ID, clientSecret: config.MELHOR_ENVIO_CLIENT_SECRET };
}

const notConfigured = () =>
  new DomainError(
    "unprocessable",
    "oauth_not_configured",
    "O aplicativo do Melhor Envio não está configurado (MELHOR_ENVIO_CLIENT_ID e MELHOR_ENVIO_CLIENT_SECRET). Cole um token pessoal, ou peça ao técnico para configurá-lo.",
  );

/** The address the owner's browser opens; its `state` is kept (hashed) for this admin and session. */
export async function startMelhorEnvioAuthorization(services: Services, who: Authorizer, now = new Date()): Promise<string> {
  const client = oauthClient(services.config);
  if (!client) throw notConfigured();
  const state = randomBytes(32).toString("base64url");
  await services.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await services.db.insert(oauthStates).values({
    stateHash: sha256(state),
    provider: "melhorenvio",
    userId: who.userId,
    sessionHash: who.sessionHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_MINUTES * 60 * 1000),
  });
  const url = new URL(`${melhorEnvioHost(services.config)}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: melhorEnvioRedirectUri(services.config),
    scope: MELHOR_ENVIO_SCOPES,
    state,
  }).toString();
  return url.toString();
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
});
export type TokenAnswer = { accessToken: string; refreshToken: string; accessExpiresAt: Date; refreshExpiresAt: Date };

/** One call to /oauth/token (form-encoded, as Melhor Envio's OAuth server wants). */
export async function requestTokens(config: Config, form: Record<string, string>, now = new Date()): Promise<TokenAnswer> {
  const answer = await providerRequest({
    method: "POST",
    url: `${melhorEnvioHost(config)}/oauth/token`,
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": melhorEnvioUserAgent(config) },
    body: new URLSearchParams(form).toString(),
    timeoutMs: config.MELHOR_ENVIO_TIMEOUT_MS,
    provider: "melhorenvio",
  });
  const parsed = answer.status < 300 ? tokenAnswer.safeParse(answer.json) : null;
  if (!parsed?.success) throw new TokenRefusedError(refusalText(answer));
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    accessExpiresAt: new Date(now.getTime() + parsed.data.expires_in * 1000),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY_MS),
  };
}

/** Melhor Envio said no to a code or a refresh token. */
export class TokenRefusedError extends Error {
  override name = "TokenRefusedError";
}

/** What the provider said, short: OAuth's `error_description`/`message`, else the status. */
export function refusalText(answer: ProviderAnswer): string {
  const body = (answer.json ?? {}) as Record<string, unknown>;
  const said = [body.error_description, body.message, body.hint, body.error].find((value) => typeof value === "string" && value.trim());
  return `HTTP ${answer.status}${said ? `: ${String(said).slice(0, 200)}` : ""}`;
}

const accountAnswer = z.object({
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
  email: z.string().nullish(),
});

/** Who the token belongs to (GET /api/v2/me); null when Melhor Envio would not say. */
export async function readMelhorEnvioAccount(config: Config, token: string): Promise<{ name: string | null; email: string | null } | null> {
  const answer = await providerRequest({
    method: "GET",
    url: `${melhorEnvioHost(config)}/api/v2/me`,
    headers: { authorization: `Bearer ${token}`, "user-agent": melhorEnvioUserAgent(config) },
    timeoutMs: config.MELHOR_ENVIO_TIMEOUT_MS,
    provider: "melhorenvio",
  });
  if (answer.status === 401) return null;
  if (answer.status >= 300) throw new ServiceUnavailableError(`GET /api/v2/me: ${refusalText(answer)}`);
  const parsed = accountAnswer.safeParse(answer.json);
  if (!parsed.success) return { name: null, email: null };
  const name = [parsed.data.firstname, parsed.data.lastname].filter(Boolean).join(" ").trim();
  return { name: name || null, email: parsed.data.email ?? null };
}

const stateRefused = () =>
  new DomainError(
    "invalid",
    "oauth_state_mismatch",
    "Esta autorização do Melhor Envio não foi iniciada nesta sessão, já foi usada ou passou de 10 minutos. Toque em “Conectar Melhor Envio” de novo.",
  );

export const providerUnavailable = () =>
  new DomainError("unprocessable", "provider_unavailable", "O Melhor Envio não respondeu. Tente de novo em alguns minutos.");

/**
 * The owner came back with `code` and `state`: the state must be this admin's and this session's,
 * unused and recent (it is used up here, before the call, so a code is exchanged at most once); then
 * the code becomes tokens, stored sealed with the account's name, and audited.
 */
export async function completeMelhorEnvioAuthorization(
  services: Services,
  who: Authorizer,
  input: { code: string; state: string },
  now = new Date(),
): Promise<void> {
  const { config, db } = services;
  const client = oauthClient(config);
  if (!client) throw notConfigured();
  const [claimed] = await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, sha256(input.state)),
        eq(oauthStates.provider, "melhorenvio"),
        eq(oauthStates.userId, who.userId),
        eq(oauthStates.sessionHash, who.sessionHash),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning();
  if (!claimed) throw stateRefused();
  let tokens: TokenAnswer;
  try {
    tokens = await requestTokens(
      config,
      {
        grant_type: "authorization_code",
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uri: melhorEnvioRedirectUri(config),
        code: input.code,
      },
      now,
    );
  } catch (error) {
    if (error instanceof TokenRefusedError) {
      await recordProviderError(db, "melhorenvio", `Código de autorização recusado (${error.message})`);
      throw new DomainError(
        "unprocessable",
        "oauth_code_refused",
        "O Melhor Envio recusou a autorização (código vencido ou já usado). Toque em “Conectar Melhor Envio” de novo.",
      );
    }
    if (error instanceof ServiceUnavailableError) throw providerUnavailable();
    throw error;
  }
  const account = await readMelhorEnvioAccount(config, tokens.accessToken).catch(() => null);
  await db.transaction(async (tx) => {
    await storeConnection(tx, config, "melhorenvio", {
      method: "oauth",
      ...tokens,
      accountName: account?.name ?? null,
      accountEmail: account?.email ?? null,
      connectedBy: who.userId,
    });
    await recordAudit(tx, {
      actorUserId: who.userId,
      action: "connection.connect",
      entityType: "connection",
      entityId: "melhorenvio",
      entityLabel: "Melhor Envio",
      after: { method: "oauth", account: account?.email ?? account?.name ?? null, expiresAt: tokens.accessExpiresAt.toISOString() },
    });
  });
}
