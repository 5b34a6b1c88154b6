/**
 * Tells the owner's phones when a change brings a product's stock to its alert level (issue 31): a
 * push queued in the transaction that changed the stock (a sale taking it, an edit of the count),
 * so it exists only if the change is saved.
 */
import type { Database } from "#platform/db/client.ts";
import type { AppServices } from "#platform/services.ts";
import { reachesStockAlert, type StockAlertFacts } from "#domain/catalog/stock-alert.ts";
import { enqueueOwnerPush } from "#domain/push/push-queue.server.ts";
import { HOUR_SECONDS, type PushMessage } from "#domain/push/push-messages.ts";

/** What queueing a push needs: the transaction and the shop's address for the link. */
export type StockAlertServices = Pick<AppServices, "config" | "db">;

/** Queues the owner's "Estoque baixo" when `facts` cross the level; nothing otherwise. */
export async function tellOwnerIfStockLow(
  tx: Pick<Database, "select" | "insert" | "update" | "execute">,
  services: StockAlertServices,
  facts: StockAlertFacts,
): Promise<void> {
  if (!reachesStockAlert(facts) || facts.after === null) return;
  await enqueueOwnerPush(tx, services, "stock_low", stockLowPush({ ...facts, after: facts.after }));
}

/** "Estoque baixo: Kit Shimeji — restam 3 unidades"; a tap opens the product's editor to restock it. */
export function stockLowPush(facts: Pick<StockAlertFacts, "numericId" | "name" | "unitType"> & { after: number }): PushMessage {
  const left = facts.unitType === "gram" ? `${facts.after} g` : facts.after === 1 ? "1 unidade" : `${facts.after} unidades`;
  return {
    title: facts.after === 0 ? `Esgotado: ${facts.name}` : `Estoque baixo: ${facts.name}`,
    body: facts.after === 0 ? "Toque para repor o estoque." : `Restam ${left}. Toque para repor o estoque.`,
    path: `/customizar-produto?produto=${facts.numericId}`,
    // Not a sale: it can wait for the phone to wake up during the next days, with no rush.
    ttlSeconds: 3 * 24 * HOUR_SECONDS,
    urgency: "normal",
    // One per product: a newer count replaces a message still waiting on the service.
    topic: `estoque-${facts.numericId}`,
  };
}
