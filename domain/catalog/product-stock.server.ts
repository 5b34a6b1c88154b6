/** A product's stock count, as orders take it (decision 005): one conditional update, never below zero. */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { tellOwnerIfStockLow, type StockAlertServices } from "#domain/catalog/stock-alert.server.ts";

/** `taken`: the count went down; `uncounted`: the product has no stock limit; `short`: fewer left than asked (or no such product). */
export type StockTake = "taken" | "uncounted" | "short";

/**
 * Takes `quantity` from the product's stock in the caller's transaction, which holds the row's lock
 * until it ends. A product without a count (made to order, services) is not written, so its row is
 * not locked either. A sale that brings the count to its alert level tells the owner's phones, in
 * the same transaction (issue 31).
 */
export async function takeStock(
  tx: Pick<Database, "select" | "update" | "insert" | "execute">,
  services: StockAlertServices,
  productId: string,
  quantity: number,
): Promise<StockTake> {
  const [taken] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
    .returning({
      numericId: products.numericId,
      name: products.name,
      unitType: products.unitType,
      madeToOrder: products.madeToOrder,
      stock: products.stock,
    });
  if (taken) {
    await tellOwnerIfStockLow(tx, services, { ...taken, before: taken.stock! + quantity, after: taken.stock });
    return "taken";
  }
  const [product] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return product && product.stock === null ? "uncounted" : "short";
}

/**
 * Gives back stock an order took (it ended unkept), in product order (two transactions never wait on
 * each other in a cycle). A product without a count (made to order, services) is left as it is.
 */
export async function giveStockBack(
  tx: Pick<Database, "update">,
  lines: readonly { productId: string; quantity: number }[],
): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, line.productId), isNotNull(products.stock)));
  }
}
