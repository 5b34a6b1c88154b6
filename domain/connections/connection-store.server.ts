/**
 * The stored connections (issue 30 item 7, decision 075): each provider's row, its tokens sealed
 * with AES-256-GCM under a key derived from the shop's secret (BETTER_AUTH_SECRET, or the one made
 * at the first start in DATA_DIR/auth-secret). Only this file seals and opens them.
 */
import { eq } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { providerConnections } from "#platform/db/tables/connections.ts";
import { openSealed, sealingKey, sealText, UnreadableSealError } from "#platform/crypto/sealed-text.ts";
import { authSecret } from "#domain/auth/auth-secret.server.ts";
import type { Provider } from "#domain/connections/connection-schemas.ts";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;
export type ConnectionRow = typeof providerConnections.$inferSelect;

/** The purpose label of the derived key: changing it makes every stored token unreadable. */
const KEY_PURPOSE = "loja-micologia/provider-connections/v1";
const keys = new WeakMap<Config, Buffer>();

function tokenKey(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) keys.set(config, (key = sealingKey(authSecret(config), KEY_PURPOSE)));
  return key;
}

type TokenKind = "access" | "refresh";
/** Bound into each seal: a token copied to another provider's row or column does not open there. */
const contextOf = (provider: Provider, kind: TokenKind) => `${provider}:${kind}`;

export const sealToken = (config: Config, provider: Provider, kind: TokenKind, token: string) =>
  sealText(tokenKey(config), token, contextOf(provider, kind));

export async function readConnectionRow(db: Executor, provider: Provider): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(providerConnections).where(eq(providerConnections.provider, provider));
  return row ?? null;
}

export type OpenedTokens =
  | { kind: "tokens"; accessToken: string; refreshToken: string | null; row: ConnectionRow }
  | { kind: "unreadable"; row: ConnectionRow }
  | { kind: "none"; row: ConnectionRow | null };

/** The row's tokens in clear, "unreadable" when the shop's secret changed since they were sealed. */
export function openTokens(config: Config, provider: Provider, row: ConnectionRow | null): OpenedTokens {
  if (!row?.accessTokenSealed) return { kind: "none", row };
  try {
    const key = tokenKey(config);
    return {
      kind: "tokens",
      accessToken: openSealed(key, row.accessTokenSealed, contextOf(provider, "access")),
      refreshToken: row.refreshTokenSealed ? openSealed(key, row.refreshTokenSealed, contextOf(provider, "refresh")) : null,
      row,
    };
  } catch (error) {
    if (error instanceof UnreadableSealError) return { kind: "unreadable", row };
    throw error;
  }
}

export type NewTokens = {
  method: "oauth" | "token";
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  accountName: string | null;
  accountEmail: string | null;
  connectedBy: string;
};

/** Stores a new connection (sealed), replacing whatever was there; the last error goes with the old one. */
export async function storeConnection(executor: Executor, config: Config, provider: Provider, tokens: NewTokens): Promise<void> {
  const now = new Date();
  const values = {
    method: tokens.method,
    accessTokenSealed: sealToken(config, provider, "access", tokens.accessToken),
    refreshTokenSealed: tokens.refreshToken ? sealToken(config, provider, "refresh", tokens.refreshToken) : null,
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    accountName: tokens.accountName,
    accountEmail: tokens.accountEmail,
    connectedAt: now,
    connectedBy: tokens.connectedBy,
    lastRefreshAt: null,
    lastRefreshError: null,
    lastError: null,
    lastErrorAt: null,
    updatedAt: now,
  };
  await executor
    .insert(providerConnections)
    .values({ provider, ...values })
    .onConflictDoUpdate({ target: providerConnections.provider, set: values });
}

/** Forgets the stored tokens (the environment's token, if any, is used again). */
export async function clearConnection(executor: Executor, provider: Provider): Promise<void> {
  await executor
    .update(providerConnections)
    .set({
      method: null,
      accessTokenSealed: null,
      refreshTokenSealed: null,
      accessExpiresAt: null,
      refreshExpiresAt: null,
      accountName: null,
      accountEmail: null,
      connectedAt: null,
      connectedBy: null,
      lastRefreshAt: null,
      lastRefreshError: null,
      lastError: null,
      lastErrorAt: null,
      updatedAt: new Date(),
    })
    .where(eq(providerConnections.provider, provider));
}
