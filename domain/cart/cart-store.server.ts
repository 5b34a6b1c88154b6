/**
 * What every cart operation shares (issue 5, spec §3/§4/§5): the owner lookup, the cart errors,
 * the write transaction with its realtime messages, and the product checks. A cart is reached only
 * through its owner: the signed-in user (`carts.user_id`), or the anonymous browser's session id
 * (`carts.session_id`, with no user). Every price is computed on the server, inside the
 * transaction that writes it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { carts } from "#platform/db/tables/cart.ts";
import { type OutgoingMessage, publish, publishNow, type RealtimeTopic, sessionTopic, userTopic } from "#platform/realtime/bus.ts";
import { DomainError } from "#domain/errors.ts";
import { type GramPriceTable, MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { priceLine, pricingSubject } from "#domain/pricing/line-pricing.ts";
import { cartQuantityProblem, packagingOf, singleUnitOnly, type UnitType } from "#domain/cart/cart-rules.ts";
import type { CartChangedEvent, CartStatus } from "#domain/cart/cart-types.ts";

/** `tab`: the browser tab that sent the request, named in the realtime messages of its writes. */
export type CartOwner = { userId: string | null; sessionId: string | null; tab?: string };
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;
export type CartRow = { id: string; userId: string | null; sessionId: string | null; status: CartStatus };

// The cart's refusals live in cart-errors.ts (browser-safe, one definition each); the operations import them from here too.
export { cartNotFound, itemNotFound, sessionRequired } from "#domain/cart/cart-errors.ts";
export { productNotFound } from "#domain/catalog/catalog-errors.ts";
/** A service, course or digital item is one per order (decision 063): a second one, or a quantity above 1, is refused. */
const singleUnitRefused = () =>
  new DomainError(
    "invalid",
    "single_unit_only",
    "Este item é vendido uma unidade por pedido (serviço, curso ou produto digital) e não pode ter quantidade maior que 1.",
  );
const productUnavailable = () =>
  new DomainError("conflict", "product_unavailable", "Este produto está indisponível para compra no momento.");

export const cartColumns = { id: carts.id, userId: carts.userId, sessionId: carts.sessionId, status: carts.status };

/** The owner's active cart: the user's, or the session's anonymous one. */
export function ownedActive(owner: CartOwner) {
  if (owner.userId) return and(eq(carts.userId, owner.userId), eq(carts.status, "active"));
  if (owner.sessionId) return and(eq(carts.sessionId, owner.sessionId), isNull(carts.userId), eq(carts.status, "active"));
  return undefined;
}

export async function findActiveCart(db: Executor, owner: CartOwner, lock = false): Promise<CartRow | undefined> {
  const where = ownedActive(owner);
  if (!where) return undefined;
  const query = db.select(cartColumns).from(carts).where(where).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findSessionCart(db: Executor, sessionId: string, lock = false): Promise<CartRow | undefined> {
  return findActiveCart(db, { userId: null, sessionId }, lock);
}

function topicsOf(cart: { userId: string | null; sessionId: string | null }) {
  if (cart.userId) return [userTopic(cart.userId)];
  return cart.sessionId ? [sessionTopic(cart.sessionId)] : [];
}

/** Messages a write sends once its transaction has committed (see publishNow). */
export type Outbox = OutgoingMessage[];

export function queueChange(
  outbox: Outbox,
  cart: { id: string; userId: string | null; sessionId: string | null },
  reason: CartChangedEvent["reason"],
  itemCount: number,
  extraTopics: RealtimeTopic[] = [],
) {
  const data: CartChangedEvent = { cartId: cart.id, reason, itemCount };
  for (const topic of new Set([...topicsOf(cart), ...extraTopics])) outbox.push({ topic, type: "cart.changed", data });
}

/**
 * Counts the cart's lines (and, with `touch`, bumps carts.updated_at) in one statement, and queues
 * the change for every tab and device of the cart's owner.
 */
export async function announce(
  tx: Tx,
  outbox: Outbox,
  cart: { id: string; userId: string | null; sessionId: string | null },
  reason: CartChangedEvent["reason"],
  extraTopics: RealtimeTopic[] = [],
  touch = true,
): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    ${touch ? sql`with touched as (update carts set updated_at = now() where id = ${cart.id} returning id)` : sql``}
    select (select count(*)::int from cart_items where cart_id = ${cart.id}) as n
    ${touch ? sql`, (select count(*) from touched) as t` : sql``}`);
  const count = result.rows[0]?.n ?? 0;
  queueChange(outbox, cart, reason, count, extraTopics);
  return count;
}

/**
 * Cart writes do not wait for their commit record to reach the disk (decision 004): PostgreSQL
 * flushes it within a fraction of a second, and a crash of the database in that window loses the
 * last cart changes, never their consistency. Orders and payments keep the default.
 */
export const CART_COMMIT_MODE = "set local synchronous_commit = off";

/**
 * Sends a committed write's messages. They name the tab that made the write, when it said: that
 * tab's own mutation flow has already updated it, so it skips their echo (decision 004).
 */
export async function publishCommitted(db: Database, outbox: Outbox, tab: string | undefined): Promise<void> {
  const messages = tab
    ? outbox.map((message) => ({ ...message, data: { ...(message.data as CartChangedEvent), originTab: tab } }))
    : outbox;
  // The write is done; a lost message only delays other tabs until their next read or reconnect.
  await publishNow(db, messages).catch(() => {});
}

/** A cart write: its transaction, then (committed) its realtime messages. */
export async function cartWrite<T>(db: Database, tab: string | undefined, run: (tx: Tx, outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox: Outbox = [];
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(CART_COMMIT_MODE));
    return run(tx, outbox);
  });
  await publishCommitted(db, outbox, tab);
  return result;
}

export type ProductForCart = {
  id: string;
  name: string;
  unitType: UnitType;
  priceCents: number | null;
  /** Gram products: the owner's price table, null for the spec's (decision 021). */
  priceTable: GramPriceTable | null;
  /** Raised by every admin edit: the cart's fast add checks it in SQL against its cached copy. */
  version: number;
  buttonDisabled: boolean;
  stock: number | null;
  madeToOrder: boolean;
  /** False for services, courses and digital items: one per order (decision 063). */
  needsShipping: boolean;
};

export function checkPurchasable(product: ProductForCart, quantity: number): void {
  if (product.buttonDisabled) throw productUnavailable();
  if (singleUnitOnly(product) && quantity > 1) throw singleUnitRefused();
  if (product.stock !== null && !product.madeToOrder) {
    const minimum = product.unitType === "gram" ? MIN_GRAMS : 1;
    if (product.stock < minimum) throw productUnavailable();
    if (quantity > product.stock) {
      throw new DomainError(
        "conflict",
        "insufficient_stock",
        `Estoque insuficiente: há ${product.stock} ${product.unitType === "gram" ? "g" : "unidades"} disponíveis.`,
      );
    }
  }
}

export function checkQuantity(unitType: UnitType, quantity: number): void {
  const problem = cartQuantityProblem(unitType, quantity);
  if (problem) throw new DomainError("invalid", problem.code, problem.message);
}

/**
 * The price columns of a cart_items row for `quantity` of a product: THE line pricer, from the
 * product row, never the client. Throws the quantity's DomainError first.
 */
export function cartLineRow(product: ProductForCart, quantity: number, packagingEnabled: boolean) {
  checkQuantity(product.unitType, quantity);
  const price = priceLine(pricingSubject(product.unitType, product.priceCents, product.priceTable), quantity, packagingEnabled);
  return {
    quantity,
    unitPriceCents: price.unitPriceCents,
    totalPriceCents: price.totalPriceCents,
    unitType: product.unitType,
    metadata: { packaging: packagingOf(price) },
  };
}

/** For the checkout (issue 6): the cart became an order awaiting its payment; every tab and device hears it. */
export async function markCartAwaitingPayment(tx: Tx, cartId: string): Promise<void> {
  await tx
    .update(carts)
    .set({ status: "pending_payment", updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
  await announceCartStatus(tx, cartId);
}

/** For the orders (issue 27 item 2): a paid order's cart is done (spec §4: completed carts are cleared in the customer's tabs). */
export async function completeOrderCart(tx: Tx, cartId: string): Promise<void> {
  await tx
    .update(carts)
    .set({ status: "completed", updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
  await announceCartStatus(tx, cartId);
}

/**
 * For the orders: an unpaid order that ends frees its cart: back to `active` with its items when the
 * customer has no other active cart, so they can pay again; otherwise the old cart is closed (`completed`).
 */
export async function reopenOrderCart(tx: Tx, cartId: string, userId: string | null): Promise<void> {
  const [other] = userId
    ? await tx
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.userId, userId), eq(carts.status, "active")))
        .limit(1)
    : [];
  await tx
    .update(carts)
    .set({ status: other ? "completed" : "active", updatedAt: sql`now()` })
    .where(and(eq(carts.id, cartId), eq(carts.status, "pending_payment")));
  await announceCartStatus(tx, cartId);
}

/** For the orders: a reopened order holds its cart's items again, unless the cart changed since (then it stays as it is). */
export async function holdCartForOrderAgain(tx: Tx, cartId: string): Promise<void> {
  const moved = await tx
    .update(carts)
    .set({ status: "pending_payment", updatedAt: sql`now()` })
    .where(and(eq(carts.id, cartId), eq(carts.status, "active")))
    .returning({ id: carts.id });
  if (moved.length > 0) await announceCartStatus(tx, cartId);
}

/**
 * For the checkout (issue 6): tells every tab and device of the cart's owner that its status changed,
 * inside the caller's transaction. The browsers then run the completed-cart check.
 */
export async function announceCartStatus(tx: Tx, cartId: string): Promise<void> {
  const [cart] = await tx.select(cartColumns).from(carts).where(eq(carts.id, cartId)).limit(1);
  if (!cart) return;
  const outbox: Outbox = [];
  await announce(tx, outbox, cart, "status");
  // Inside the caller's transaction: sent when (and only if) it commits.
  for (const message of outbox) await publish(tx, message.topic, message.type, message.data);
}
