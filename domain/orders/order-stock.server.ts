/** Stock taken by orders: one conditional update per line, never below zero (decision 005). */
import { and, eq, sql } from "drizzle-orm";
import { products } from "#platform/db/tables/catalog.ts";
import { DomainError } from "#domain/errors.ts";
import type { Tx } from "#domain/orders/order-store.server.ts";

export type StockLine = { productId: string; productName: string; quantity: number };

/**
 * Takes each line's quantity from its product's stock, in product order (two orders never wait on
 * each other in a cycle). Products without a stock count (made to order, services) take nothing.
 * Throws `out_of_stock` (and the transaction rolls back) when one is short. Returns the ids of the
 * products whose stock was taken.
 */
export async function reserveStock(tx: Tx, lines: readonly StockLine[]): Promise<Set<string>> {
  const reserved = new Set<string>();
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.quantity}`))
      .returning({ id: products.id });
    if (taken.length > 0) {
      reserved.add(line.productId);
      continue;
    }
    // Not taken: either nothing to count (no write, so no lock on a service's row) or too few.
    const [product] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
    if (product && product.stock === null) continue;
    throw new DomainError("conflict", "out_of_stock", `Estoque insuficiente de ${line.productName}. Ajuste o carrinho e tente de novo.`);
  }
  return reserved;
}
