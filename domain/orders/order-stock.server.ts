/** Stock taken by orders: one conditional update per line, never below zero (decision 005). */
import { takeStock } from "#domain/catalog/product-stock.server.ts";
import { DomainError } from "#domain/errors.ts";
import type { StockAlertServices } from "#domain/catalog/stock-alert.server.ts";
import type { Tx } from "#domain/orders/order-store.server.ts";

export type StockLine = { productId: string; productName: string; quantity: number };

/**
 * Takes each line's quantity from its product's stock, in product order (two orders never wait on
 * each other in a cycle). Products without a stock count (made to order, services) take nothing.
 * Throws `out_of_stock` (and the transaction rolls back) when one is short. Returns the ids of the
 * products whose stock was taken. A line that brings a product to its alert level tells the owner.
 */
export async function reserveStock(tx: Tx, services: StockAlertServices, lines: readonly StockLine[]): Promise<Set<string>> {
  const reserved = new Set<string>();
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const take = await takeStock(tx, services, line.productId, line.quantity);
    if (take === "taken") reserved.add(line.productId);
    else if (take === "short")
      throw new DomainError("conflict", "out_of_stock", `Estoque insuficiente de ${line.productName}. Ajuste o carrinho e tente de novo.`);
  }
  return reserved;
}
