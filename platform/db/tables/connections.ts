import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/*
 * The shop's accounts at its outside services (issue 30 item 7): Melhor Envio (OAuth or a pasted
 * personal token) and Focus NFe (a pasted token), and the OAuth requests in flight.
 * Owned by domain/connections/ (decision 048): only its files import this one; every other module
 * goes through its functions (.dependency-cruiser.js, rule `tables-connections-owned-by-domain-connections`).
 */

/**
 * One row per provider. Tokens are never stored in clear: each `*_sealed` column holds AES-256-GCM
 * ciphertext (platform/crypto/sealed-text.ts) under a key derived from the shop's secret (decision 075).
 * A row may hold only the last error (a provider reached through the environment's token).
 */
export const providerConnections = pgTable(
  "provider_connections",
  {
    provider: text("provider").primaryKey(),
    /** "oauth" (Melhor Envio's authorization), "token" (pasted by the owner); null: no stored token. */
    method: text("method"),
    accessTokenSealed: text("access_token_sealed"),
    refreshTokenSealed: text("refresh_token_sealed"),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }),
    /** The provider's account as it named itself (GET /api/v2/me): who the shop is connected as. */
    accountName: text("account_name"),
    accountEmail: text("account_email"),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    connectedBy: text("connected_by"),
    lastRefreshAt: timestamp("last_refresh_at", { withTimezone: true }),
    /** The last refresh's failure, cleared by the next success. */
    lastRefreshError: text("last_refresh_error"),
    /** The last error any caller met at this provider (recordProviderError). */
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("provider_connections_provider", sql`${t.provider} in ('melhorenvio', 'focusnfe')`),
    check("provider_connections_method", sql`${t.method} is null or ${t.method} in ('oauth', 'token')`),
  ],
);

/**
 * An OAuth authorization the owner started and has not finished: the `state` sent to the provider
 * (kept as its SHA-256 only), bound to the admin and the session that started it. Used once.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider").notNull(),
    userId: text("user_id").notNull(),
    sessionHash: text("session_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("oauth_states_expires").on(t.expiresAt)],
);
