/**
 * The last error met at a provider, for the maintenance panel's health (issue 30 item 7). Quotes,
 * labels, tracking and invoices call `recordProviderError` when Melhor Envio or Focus NFe refuses or
 * does not answer; the panel shows it, amber for a day. Outside any transaction of the caller's: an
 * error worth recording is one whose change was rolled back.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { providerConnections } from "#platform/db/tables/connections.ts";
import type { Provider } from "#domain/connections/connection-schemas.ts";

/** Enough to say what went wrong on a phone; a provider's whole HTML error page is not. */
export const PROVIDER_ERROR_MAX = 300;

export async function recordProviderError(db: Pick<Database, "insert">, provider: Provider, message: string): Promise<void> {
  const text = message.replace(/\s+/g, " ").trim().slice(0, PROVIDER_ERROR_MAX) || "erro sem mensagem";
  const now = new Date();
  await db
    .insert(providerConnections)
    .values({ provider, lastError: text, lastErrorAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: providerConnections.provider,
      set: { lastError: text, lastErrorAt: now, updatedAt: sql`now()` },
    });
}
