/**
 * The connections as the owner's "Conexões" section and the maintenance panel's health read them
 * (issue 30 item 7): where each token comes from, whose account, when it ends, the last refresh and
 * the last error. Never a token.
 */
import type { AppServices } from "#platform/services.ts";
import { connectionVerdict } from "#domain/connections/connection-health-rules.ts";
import type { ConnectionHealth, Connections, ConnectionView, Provider } from "#domain/connections/connection-schemas.ts";
import { openTokens, readConnectionRow } from "#domain/connections/connection-store.server.ts";

type Services = Pick<AppServices, "config" | "db">;
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export async function readConnection(services: Services, provider: Provider): Promise<ConnectionView> {
  const { config } = services;
  const row = await readConnectionRow(services.db, provider);
  const opened = openTokens(config, provider, row);
  const envToken = provider === "melhorenvio" ? config.MELHOR_ENVIO_TOKEN : config.FOCUS_NFE_TOKEN;
  const stored = opened.kind === "tokens";
  const source = stored ? (row!.method === "oauth" ? "oauth" : "token") : envToken ? "environment" : "none";
  return {
    provider,
    inUse: provider === "melhorenvio" ? config.SHIPPING_PROVIDER === "melhorenvio" : config.INVOICE_PROVIDER === "focusnfe",
    source,
    accountName: stored ? (row!.accountName ?? null) : null,
    accountEmail: stored ? (row!.accountEmail ?? null) : null,
    connectedAt: stored ? iso(row!.connectedAt) : null,
    expiresAt: stored ? iso(row!.accessExpiresAt) : null,
    lastRefreshAt: stored ? iso(row!.lastRefreshAt) : null,
    lastRefreshError: stored ? (row!.lastRefreshError ?? null) : null,
    lastError: row?.lastError ?? null,
    lastErrorAt: iso(row?.lastErrorAt),
    unreadable: opened.kind === "unreadable",
    oauthAvailable: provider === "melhorenvio" && Boolean(config.MELHOR_ENVIO_CLIENT_ID && config.MELHOR_ENVIO_CLIENT_SECRET),
  };
}

export async function readConnections(services: Services): Promise<Connections> {
  const [melhorEnvio, focusNfe] = await Promise.all([readConnection(services, "melhorenvio"), readConnection(services, "focusnfe")]);
  return { melhorEnvio, focusNfe };
}

/** Both connections with their level and reason, for the maintenance panel's health. */
export async function readConnectionsHealth(services: Services, now = new Date()): Promise<ConnectionHealth[]> {
  const { melhorEnvio, focusNfe } = await readConnections(services);
  return [melhorEnvio, focusNfe].map((view) => ({ ...view, ...connectionVerdict(view, now) }));
}
