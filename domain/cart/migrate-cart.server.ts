/**
 * Spec §7's cart migration: at sign-in the session's anonymous cart becomes (or joins) the
 * account's cart. Every write of a signed-in owner runs it first (cartForWrite), so a browser that
 * has not asked yet never writes to a cart the account does not see.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { sessionTopic } from "#platform/realtime/bus.ts";
import { MAX_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { MAX_UNITS } from "#domain/pricing/price-quote.ts";
import { normalizePackaging } from "#domain/cart/cart-rules.ts";
import {
  announce,
  type CartOwner,
  type CartRow,
  cartLineRow,
  cartWrite,
  findActiveCart,
  findSessionCart,
  type Outbox,
  type Tx,
} from "#domain/cart/cart-store.server.ts";
import { cartProducts } from "#domain/catalog/cart-products.server.ts";

/** Moves the session's anonymous cart to the user (merging into the user's cart when there is one). */
export async function migrateInTx(tx: Tx, outbox: Outbox, userId: string, sessionId: string): Promise<boolean> {
  const source = await findSessionCart(tx, sessionId, true);
  if (!source) return false;
  const target = await findActiveCart(tx, { userId, sessionId: null }, true);
  if (!target) {
    await tx
      .update(carts)
      .set({ userId, sessionId: null, updatedAt: sql`now()` })
      .where(eq(carts.id, source.id));
    await announce(tx, outbox, { id: source.id, userId, sessionId: null }, "migrated", [sessionTopic(sessionId)]);
    return true;
  }
  const sourceItems = await tx.select().from(cartItems).where(eq(cartItems.cartId, source.id));
  // Each line priced from catalog's product row, read in this transaction (decision 048).
  const priced = await cartProducts(
    tx,
    sourceItems.map((item) => item.productId),
  );
  const incoming = sourceItems.flatMap((item) => {
    const product = priced.get(item.productId);
    return product ? [{ item, product }] : [];
  });
  const existing = await tx.select().from(cartItems).where(eq(cartItems.cartId, target.id));
  for (const { item, product } of incoming) {
    const mine = existing.find((line) => line.productId === item.productId);
    const max = product.unitType === "gram" ? MAX_GRAMS : MAX_UNITS;
    const wanted = Math.min(max, (mine?.quantity ?? 0) + item.quantity);
    const packaging = normalizePackaging(item.metadata as Record<string, unknown>, product.unitType, item.quantity);
    const mineEnabled = mine
      ? normalizePackaging(mine.metadata as Record<string, unknown>, product.unitType, mine.quantity).enabled
      : false;
    let line;
    try {
      line = cartLineRow(product, wanted, packaging.enabled || mineEnabled);
    } catch {
      continue; // A line that no longer prices (a product changed its unit) is dropped, not merged.
    }
    if (mine)
      await tx
        .update(cartItems)
        .set({ ...line, updatedAt: sql`now()` })
        .where(eq(cartItems.id, mine.id));
    else await tx.insert(cartItems).values({ ...line, cartId: target.id, productId: item.productId, productName: product.name });
  }
  // The anonymous cart's applied adds stay applied: a replay sent after sign-in must not add again.
  await tx.execute(sql`
    insert into cart_add_keys (cart_id, key, request_hash, response, created_at)
    select ${target.id}, key, request_hash, response, created_at from cart_add_keys where cart_id = ${source.id}
    on conflict do nothing`);
  await tx.delete(carts).where(eq(carts.id, source.id));
  await announce(tx, outbox, target, "migrated", [sessionTopic(sessionId)]);
  return true;
}

/** Spec §7's migration routine: the session's anonymous cart becomes (or joins) the user's. */
export async function migrateCart(db: Database, userId: string, sessionId: string, tab?: string): Promise<boolean> {
  return cartWrite(db, tab, (tx, outbox) => migrateInTx(tx, outbox, userId, sessionId));
}

/** The cart an update goes to (locked): signed in, the session's cart joins the account first. */
export async function cartForWrite(tx: Tx, outbox: Outbox, owner: CartOwner): Promise<CartRow | undefined> {
  if (!owner.userId && !owner.sessionId) return undefined;
  if (owner.userId && owner.sessionId) await migrateInTx(tx, outbox, owner.userId, owner.sessionId);
  return findActiveCart(tx, { userId: owner.userId, sessionId: owner.userId ? null : owner.sessionId }, true);
}
