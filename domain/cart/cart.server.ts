/**
 * The server cart (issue 5, spec §3/§4/§5). Every price is computed here from the database, inside
 * the transaction that writes it; a cart is reached only through its owner: the signed-in user
 * (`carts.user_id`), or the anonymous browser's session id (`carts.session_id`, with no user).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PoolClient } from "pg";
import type { Database } from "#platform/db/client.ts";
import { cartItems, carts, products } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import {
  type OutgoingMessage,
  publish,
  publishNow,
  type RealtimeTopic,
  sessionTopic,
  userTopic,
} from "#platform/realtime/bus.ts";
import { resolveProductImage } from "#domain/catalog/image-resolution.ts";
import { PARCEL_BASE_GRAMS, parcelWeightGrams, quoteShipping as quoteParcel } from "#domain/shipping/shipping-quote.server.ts";
import { MAX_GRAMS, MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { MAX_UNITS, quote } from "#domain/pricing/price-quote.ts";
import {
  cartQuantityProblem,
  computeTotals,
  ITEM_NOT_FOUND_MESSAGE,
  lineSavings,
  normalizePackaging,
  packagingFee,
  packagingFor,
  type UnitType,
} from "#domain/cart/cart-rules.ts";
import type {
  CartChangedEvent,
  CartCount,
  CartLine,
  CartStatus,
  CartStatusCheck,
  CartView,
  ShippingQuote,
} from "#domain/cart/cart-types.ts";
import { EMPTY_CART } from "#domain/cart/cart-types.ts";

/** `tab`: the browser tab that sent the request, named in the realtime messages of its writes. */
export type CartOwner = { userId: string | null; sessionId: string | null; tab?: string };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;
type CartRow = { id: string; userId: string | null; sessionId: string | null; status: CartStatus };

export const itemNotFound = () => new DomainError("not_found", "item_not_found", ITEM_NOT_FOUND_MESSAGE);
const cartNotFound = () => new DomainError("not_found", "cart_not_found", "Carrinho não encontrado.");
const sessionRequired = () =>
  new DomainError("invalid", "cart_session_required", "Envie o identificador do carrinho (cabeçalho cart-session-id) ou entre na sua conta.");
const productNotFound = () => new DomainError("not_found", "product_not_found", "Produto não encontrado.");
const productUnavailable = () => new DomainError("conflict", "product_unavailable", "Este produto está indisponível para compra no momento.");

const cartColumns = { id: carts.id, userId: carts.userId, sessionId: carts.sessionId, status: carts.status };
type CartReadRow = CartRow & { shippingMethod: string | null; shippingPriceCents: number | null; shippingCep: string | null };

/** The owner's active cart: the user's, or the session's anonymous one. */
function ownedActive(owner: CartOwner) {
  if (owner.userId) return and(eq(carts.userId, owner.userId), eq(carts.status, "active"));
  if (owner.sessionId) return and(eq(carts.sessionId, owner.sessionId), isNull(carts.userId), eq(carts.status, "active"));
  return undefined;
}

async function findActiveCart(db: Executor, owner: CartOwner, lock = false): Promise<CartRow | undefined> {
  const where = ownedActive(owner);
  if (!where) return undefined;
  const query = db.select(cartColumns).from(carts).where(where).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

async function findSessionCart(db: Executor, sessionId: string, lock = false): Promise<CartRow | undefined> {
  return findActiveCart(db, { userId: null, sessionId }, lock);
}

function topicsOf(cart: { userId: string | null; sessionId: string | null }) {
  if (cart.userId) return [userTopic(cart.userId)];
  return cart.sessionId ? [sessionTopic(cart.sessionId)] : [];
}

/** Messages a write sends once its transaction has committed (see publishNow). */
type Outbox = OutgoingMessage[];

function queueChange(outbox: Outbox, cart: { id: string; userId: string | null; sessionId: string | null }, reason: CartChangedEvent["reason"], itemCount: number, extraTopics: RealtimeTopic[] = []) {
  const data: CartChangedEvent = { cartId: cart.id, reason, itemCount };
  for (const topic of new Set([...topicsOf(cart), ...extraTopics])) outbox.push({ topic, type: "cart.changed", data });
}

/**
 * Counts the cart's lines (and, with `touch`, bumps carts.updated_at) in one statement, and queues
 * the change for every tab and device of the cart's owner.
 */
async function announce(
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
const CART_COMMIT_MODE = "set local synchronous_commit = off";

/**
 * Sends a committed write's messages. They name the tab that made the write, when it said: that
 * tab's own mutation flow has already updated it, so it skips their echo (decision 004).
 */
async function publishCommitted(db: Database, outbox: Outbox, tab: string | undefined): Promise<void> {
  const messages = tab ? outbox.map((message) => ({ ...message, data: { ...(message.data as CartChangedEvent), originTab: tab } })) : outbox;
  // The write is done; a lost message only delays other tabs until their next read or reconnect.
  await publishNow(db, messages).catch(() => {});
}

/** A cart write: its transaction, then (committed) its realtime messages. */
async function write<T>(db: Database, tab: string | undefined, run: (tx: Tx, outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox: Outbox = [];
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(CART_COMMIT_MODE));
    return run(tx, outbox);
  });
  await publishCommitted(db, outbox, tab);
  return result;
}

type ProductForCart = {
  id: string;
  name: string;
  unitType: UnitType;
  priceCents: number | null;
  buttonDisabled: boolean;
  stock: number | null;
  madeToOrder: boolean;
};

function checkPurchasable(product: ProductForCart, quantity: number): void {
  if (product.buttonDisabled) throw productUnavailable();
  if (product.stock !== null && !product.madeToOrder) {
    const minimum = product.unitType === "gram" ? MIN_GRAMS : 1;
    if (product.stock < minimum) throw productUnavailable();
    if (quantity > product.stock) {
      throw new DomainError("conflict", "insufficient_stock", `Estoque insuficiente: há ${product.stock} ${product.unitType === "gram" ? "g" : "unidades"} disponíveis.`);
    }
  }
}

function checkQuantity(unitType: UnitType, quantity: number): void {
  const problem = cartQuantityProblem(unitType, quantity);
  if (problem) throw new DomainError("invalid", problem.code, problem.message);
}

/** Price of a line from the product row: the pricing module, never the client. */
function priceLine(product: ProductForCart, quantity: number, packagingEnabled: boolean, feeAmountCents?: number) {
  checkQuantity(product.unitType, quantity);
  const subject =
    product.unitType === "gram" ? { unitType: "gram" as const } : { unitType: "unit" as const, unitPriceCents: product.priceCents ?? 0 };
  const price = quote(subject, quantity, false);
  const packaging = packagingFor(product.unitType, quantity, packagingEnabled, feeAmountCents);
  return {
    quantity,
    unitPriceCents: price.unitPriceCents,
    totalPriceCents: price.totalPriceCents,
    unitType: product.unitType,
    metadata: { packaging },
  };
}

const productColumns = {
  id: products.id,
  name: products.name,
  unitType: products.unitType,
  priceCents: products.priceCents,
  buttonDisabled: products.buttonDisabled,
  stock: products.stock,
  madeToOrder: products.madeToOrder,
};

/** Moves the session's anonymous cart to the user (merging into the user's cart when there is one). */
async function migrateInTx(tx: Tx, outbox: Outbox, userId: string, sessionId: string): Promise<boolean> {
  const source = await findSessionCart(tx, sessionId, true);
  if (!source) return false;
  const target = await findActiveCart(tx, { userId, sessionId: null }, true);
  if (!target) {
    await tx.update(carts).set({ userId, sessionId: null, updatedAt: sql`now()` }).where(eq(carts.id, source.id));
    await announce(tx, outbox, { id: source.id, userId, sessionId: null }, "migrated", [sessionTopic(sessionId)]);
    return true;
  }
  const incoming = await tx
    .select({ item: cartItems, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, source.id));
  const existing = await tx.select().from(cartItems).where(eq(cartItems.cartId, target.id));
  for (const { item, product } of incoming) {
    const mine = existing.find((line) => line.productId === item.productId);
    const max = product.unitType === "gram" ? MAX_GRAMS : MAX_UNITS;
    const wanted = Math.min(max, (mine?.quantity ?? 0) + item.quantity);
    const packaging = normalizePackaging(item.metadata as Record<string, unknown>, product.unitType, item.quantity);
    const mineEnabled = mine ? normalizePackaging(mine.metadata as Record<string, unknown>, product.unitType, mine.quantity).enabled : false;
    let line;
    try {
      line = priceLine(product, wanted, packaging.enabled || mineEnabled, packaging.fee_amount);
    } catch {
      continue; // A line that no longer prices (a product changed its unit) is dropped, not merged.
    }
    if (mine) await tx.update(cartItems).set({ ...line, updatedAt: sql`now()` }).where(eq(cartItems.id, mine.id));
    else await tx.insert(cartItems).values({ ...line, cartId: target.id, productId: item.productId, productName: product.name });
  }
  // The anonymous cart's applied adds stay applied: a replay sent after sign-in must not add again.
  await tx.execute(sql`
    insert into cart_add_keys (cart_id, key, created_at) select ${target.id}, key, created_at from cart_add_keys where cart_id = ${source.id}
    on conflict do nothing`);
  await tx.delete(carts).where(eq(carts.id, source.id));
  await announce(tx, outbox, target, "migrated", [sessionTopic(sessionId)]);
  return true;
}

/** Spec §7's migration routine: the session's anonymous cart becomes (or joins) the user's. */
export async function migrateCart(db: Database, userId: string, sessionId: string, tab?: string): Promise<boolean> {
  return write(db, tab, (tx, outbox) => migrateInTx(tx, outbox, userId, sessionId));
}

/** The cart an update goes to (locked): signed in, the session's cart joins the account first. */
async function cartForWrite(tx: Tx, outbox: Outbox, owner: CartOwner): Promise<CartRow | undefined> {
  if (!owner.userId && !owner.sessionId) return undefined;
  if (owner.userId && owner.sessionId) await migrateInTx(tx, outbox, owner.userId, owner.sessionId);
  return findActiveCart(tx, { userId: owner.userId, sessionId: owner.userId ? null : owner.sessionId }, true);
}

/** `idempotencyKey`: made by the browser once per add the customer asked for, sent again with every replay of it. */
export type AddItemInput = { productId: string; quantity: number; packaging?: { enabled: boolean }; idempotencyKey?: string };

/**
 * Creates or locks the cart, reads the product and records the add's key ($3, may be null) in one
 * statement. `replayed`: the cart has applied that key already (the primary key decides, so two
 * requests with one key cannot both record it); the caller then answers without adding.
 */
const LOCK_CART_SQL = (column: "user_id" | "session_id", type: "text" | "uuid") => `
  with c as (
    insert into carts (${column}) values ($1::${type})
    on conflict (${column}) where status = 'active' and ${column} is not null
    do update set updated_at = now()
    returning id, user_id, session_id, status
  ), k as (
    insert into cart_add_keys (cart_id, key) select id, $3::uuid from c where $3::uuid is not null
    on conflict do nothing
    returning key
  )
  select c.id as cart_id, c.user_id, c.session_id, c.status, p.id as product_id, p.name, p.unit_type, p.price_cents,
         p.button_disabled, p.stock, p.made_to_order, ($3::uuid is not null and not exists (select 1 from k)) as replayed
  from c left join products p on p.id = $2::uuid`;
/** The hot statements of an add, prepared once per connection (their plans cost more than running them). */
const ADD_STATEMENTS = {
  lockByUser: { name: "cart_lock_user", text: LOCK_CART_SQL("user_id", "text") },
  lockBySession: { name: "cart_lock_session", text: LOCK_CART_SQL("session_id", "uuid") },
  insertLine: {
    name: "cart_insert_line",
    text: `
      with ins as (
        insert into cart_items (cart_id, product_id, product_name, quantity, unit_price_cents, total_price_cents, unit_type, metadata)
        values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
        on conflict (cart_id, product_id) do nothing
        returning id
      )
      select (select id from ins) as item_id,
             (select count(*)::int from cart_items where cart_id = $1) + (select count(*)::int from ins) as n`,
  },
  existingLine: { name: "cart_existing_line", text: "select id, quantity, metadata from cart_items where cart_id = $1 and product_id = $2" },
  replayedAdd: {
    name: "cart_replayed_add",
    text: `
      select i.id as item_id, i.quantity, (select count(*)::int from cart_items where cart_id = $1) as n
      from (values (1)) as v left join cart_items i on i.cart_id = $1 and i.product_id = $2`,
  },
  updateLine: {
    name: "cart_update_line",
    text: `
      with upd as (
        update cart_items set quantity = $2, unit_price_cents = $3, total_price_cents = $4, unit_type = $5, metadata = $6::jsonb,
               updated_at = now()
        where id = $1 returning cart_id
      )
      select count(*)::int as n from cart_items where cart_id = (select cart_id from upd)`,
  },
};

/** The product rows an add needs, from memory (refreshed every 5 s); the fast add re-checks them in SQL. */
const PRODUCT_CACHE_MS = 5_000;
const productCache = new WeakMap<Database, { expires: number; rows: Promise<Map<string, ProductForCart>> }>();

function cachedProduct(db: Database, productId: string): Promise<ProductForCart | undefined> {
  let entry = productCache.get(db);
  if (!entry || entry.expires <= Date.now()) {
    const rows = db
      .select(productColumns)
      .from(products)
      .then((list) => new Map(list.map((row) => [row.id, row])));
    entry = { expires: Date.now() + PRODUCT_CACHE_MS, rows };
    productCache.set(db, entry);
    rows.catch(() => {
      if (productCache.get(db)?.rows === rows) productCache.delete(db);
    });
  }
  return entry.rows.then((map) => map.get(productId));
}

const FAST_ADD_SQL = (column: "user_id" | "session_id", type: "text" | "uuid") => `
  with c as (
    insert into carts (${column}) values ($1::${type})
    on conflict (${column}) where status = 'active' and ${column} is not null
    do update set updated_at = now()
    returning id, user_id
  ), p as (
    select id from products
    where id = $2::uuid and name = $3::text and unit_type::text = $4::text and price_cents is not distinct from $5::int
      and not button_disabled and (made_to_order or stock is null or stock >= $6::int)
  ), ins as (
    insert into cart_items (cart_id, product_id, product_name, quantity, unit_price_cents, total_price_cents, unit_type, metadata)
    select c.id, p.id, $3::text, $7::int, $8::int, $9::int, $4::text, $10::jsonb from c, p
    where ${column === "session_id" ? "c.user_id is null" : "true"}
    on conflict (cart_id, product_id) do nothing
    returning id, cart_id
  ), keyed as (
    insert into cart_add_keys (cart_id, key) select cart_id, $11::uuid from ins where $11::uuid is not null
  ), counted as (
    select (select count(*)::int from cart_items where cart_id = (select id from c)) + (select count(*)::int from ins) as n
  )
  select (select id from ins) as item_id, (select id from c) as cart_id, (select user_id from c) as user_id, counted.n,
         set_config('synchronous_commit', 'off', true) as commit_mode
  from counted`;
const FAST_ADD = {
  byUser: { name: "cart_fast_add_user", text: FAST_ADD_SQL("user_id", "text") },
  bySession: { name: "cart_fast_add_session", text: FAST_ADD_SQL("session_id", "uuid") },
};

/** The primary key of cart_add_keys: a second record of one key in one cart breaks it. */
const ADD_KEY_CONSTRAINT = "cart_add_keys_cart_id_key_pk";

/**
 * The common add (a product not yet in the cart) in one statement, so one round trip: the line is
 * priced from the cached product row, and the statement inserts it only if that row still says the
 * same (name, unit, price, purchasable, stock) and the cart holds no line of the product, and then
 * records the add's key; the realtime message leaves right after the commit (publishNow). Anything
 * else returns undefined and the caller takes the full transaction, which answers every refusal
 * with its own error, and a replayed key with the cart as it is. (A replay of a new line's add
 * finds that line and inserts nothing here.)
 */
async function fastAdd(db: Database, owner: CartOwner, input: AddItemInput) {
  const product = await cachedProduct(db, input.productId);
  if (!product || cartQuantityProblem(product.unitType, input.quantity)) return undefined;
  try {
    checkPurchasable(product, input.quantity);
  } catch {
    return undefined;
  }
  const fresh = priceLine(product, input.quantity, input.packaging?.enabled ?? false);
  const minimum = product.unitType === "gram" ? MIN_GRAMS : 1;
  const statement = owner.userId ? FAST_ADD.byUser : FAST_ADD.bySession;
  const result = await db.$client
    .query<{ item_id: string | null; cart_id: string; user_id: string | null; n: number }>({
      ...statement,
      values: [
        owner.userId ?? owner.sessionId,
        product.id,
        product.name,
        product.unitType,
        product.priceCents,
        Math.max(input.quantity, minimum),
        fresh.quantity,
        fresh.unitPriceCents,
        fresh.totalPriceCents,
        JSON.stringify(fresh.metadata),
        input.idempotencyKey ?? null,
      ],
    })
    .catch((error: unknown) => {
      // The cart has applied this key, though not to a line this statement could see (removed
      // since, or a key sent again with another product): the statement, line included, is
      // undone, and the full add answers the replay.
      if ((error as { constraint?: string }).constraint === ADD_KEY_CONSTRAINT) return undefined;
      throw error;
    });
  const row = result?.rows[0];
  if (!row?.item_id) return undefined;
  const outbox: Outbox = [];
  queueChange(outbox, { id: row.cart_id, userId: row.user_id, sessionId: owner.userId ? null : owner.sessionId }, "added", row.n);
  await publishCommitted(db, outbox, owner.tab);
  return { cartId: row.cart_id, itemId: row.item_id, quantity: input.quantity, itemCount: row.n };
}

/**
 * Adds a product (one line per product: the same product again sums the quantities). Four round
 * trips for a new line: begin; create-or-lock the cart with the product row; insert and count;
 * commit; then the realtime message. The cart row lock makes concurrent adds to one cart wait for
 * each other, so the same product added twice at once ends in one line.
 */
export async function addItem(db: Database, owner: CartOwner, input: AddItemInput) {
  if (!owner.userId && !owner.sessionId) throw sessionRequired();
  // Signed in with a session cart still around: it joins the account first (its own transaction).
  if (owner.userId && owner.sessionId) await migrateCart(db, owner.userId, owner.sessionId, owner.tab);
  const fast = await fastAdd(db, owner, input);
  if (fast) return fast;
  const outbox: Outbox = [];
  const client = await db.$client.connect();
  let result;
  try {
    await client.query(`begin; ${CART_COMMIT_MODE}`);
    result = await addInTransaction(client, outbox, owner, input);
    await client.query("commit");
  } catch (error) {
    const broken = await client.query("rollback").then(
      () => undefined,
      (rollbackError: unknown) => rollbackError as Error,
    );
    client.release(broken);
    throw error;
  }
  client.release();
  await publishCommitted(db, outbox, owner.tab);
  return result;
}

async function addInTransaction(client: PoolClient, outbox: Outbox, owner: CartOwner, input: AddItemInput) {
  const key = input.idempotencyKey ?? null;
  const lock = owner.userId
    ? await client.query<ProductRow>({ ...ADD_STATEMENTS.lockByUser, values: [owner.userId, input.productId, key] })
    : await client.query<ProductRow>({ ...ADD_STATEMENTS.lockBySession, values: [owner.sessionId, input.productId, key] });
  const row = lock.rows[0]!;
  // The session's active cart belongs to an account now (migrated): the session may not write to it.
  if (!owner.userId && row.user_id) throw cartNotFound();
  const cart: CartRow = { id: row.cart_id, userId: row.user_id, sessionId: row.session_id, status: row.status };
  if (row.replayed) {
    // Applied before (its answer was lost): the same answer shape, from the cart as it is now. A
    // line removed since stays removed (itemId null, quantity 0).
    const replay = await client.query<{ item_id: string | null; quantity: number | null; n: number }>({
      ...ADD_STATEMENTS.replayedAdd,
      values: [cart.id, input.productId],
    });
    const now = replay.rows[0]!;
    return { cartId: cart.id, itemId: now.item_id, quantity: now.quantity ?? 0, itemCount: now.n };
  }
  if (!row.product_id) throw productNotFound();
  const product: ProductForCart = {
    id: row.product_id,
    name: row.name!,
    unitType: row.unit_type!,
    priceCents: row.price_cents,
    buttonDisabled: row.button_disabled!,
    stock: row.stock,
    madeToOrder: row.made_to_order!,
  };
  checkQuantity(product.unitType, input.quantity);
  checkPurchasable(product, input.quantity);
  const fresh = priceLine(product, input.quantity, input.packaging?.enabled ?? false);
  // A new line (the common case): inserted and counted in one statement.
  const insertion = await client.query<{ item_id: string | null; n: number }>({
    ...ADD_STATEMENTS.insertLine,
    values: [cart.id, product.id, product.name, fresh.quantity, fresh.unitPriceCents, fresh.totalPriceCents, fresh.unitType, JSON.stringify(fresh.metadata)],
  });
  const inserted = insertion.rows[0];
  if (inserted?.item_id) {
    queueChange(outbox, cart, "added", inserted.n);
    return { cartId: cart.id, itemId: inserted.item_id, quantity: input.quantity, itemCount: inserted.n };
  }
  // The product is already in the cart: one line with the summed quantity.
  const found = await client.query<{ id: string; quantity: number; metadata: Record<string, unknown> }>({
    ...ADD_STATEMENTS.existingLine,
    values: [cart.id, product.id],
  });
  const existing = found.rows[0]!;
  const quantity = existing.quantity + input.quantity;
  const max = product.unitType === "gram" ? MAX_GRAMS : MAX_UNITS;
  if (quantity > max) {
    throw new DomainError("invalid", "invalid_quantity", `Quantidade inválida: o máximo por item é ${max}${product.unitType === "gram" ? " g" : " unidades"}.`);
  }
  checkPurchasable(product, quantity);
  const before = normalizePackaging(existing.metadata, product.unitType, existing.quantity);
  const line = priceLine(product, quantity, input.packaging?.enabled ?? before.enabled, before.fee_amount);
  const updated = await client.query<{ n: number }>({
    ...ADD_STATEMENTS.updateLine,
    values: [existing.id, line.quantity, line.unitPriceCents, line.totalPriceCents, line.unitType, JSON.stringify(line.metadata)],
  });
  const itemCount = updated.rows[0]?.n ?? 0;
  queueChange(outbox, cart, "updated", itemCount);
  return { cartId: cart.id, itemId: existing.id, quantity, itemCount };
}

type ProductRow = {
  cart_id: string;
  user_id: string | null;
  session_id: string | null;
  status: CartStatus;
  product_id: string | null;
  name: string | null;
  unit_type: UnitType | null;
  price_cents: number | null;
  button_disabled: boolean | null;
  stock: number | null;
  made_to_order: boolean | null;
  replayed: boolean;
};


export type UpdateItemInput = { quantity?: number; packaging?: { enabled: boolean } };

async function lineInCart(tx: Tx, outbox: Outbox, owner: CartOwner, itemId: string) {
  const cart = await cartForWrite(tx, outbox, owner);
  if (!cart) throw itemNotFound();
  const [row] = await tx
    .select({ item: cartItems, product: productColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
    .limit(1);
  if (!row) throw itemNotFound();
  return { cart, ...row };
}

export async function updateItem(db: Database, owner: CartOwner, itemId: string, input: UpdateItemInput, origin: string): Promise<CartView> {
  await write(db, owner.tab, async (tx, outbox) => {
    const { cart, item, product } = await lineInCart(tx, outbox, owner, itemId);
    const quantity = input.quantity ?? item.quantity;
    checkQuantity(product.unitType, quantity);
    if (quantity > item.quantity) checkPurchasable(product, quantity);
    const before = normalizePackaging(item.metadata as Record<string, unknown>, product.unitType, item.quantity);
    const line = priceLine(product, quantity, input.packaging?.enabled ?? before.enabled, before.fee_amount);
    await tx.update(cartItems).set({ ...line, updatedAt: sql`now()` }).where(eq(cartItems.id, item.id));
    await announce(tx, outbox, cart, "updated");
  });
  return readCart(db, owner, origin);
}

export async function removeItem(db: Database, owner: CartOwner, itemId: string, origin: string): Promise<CartView> {
  await write(db, owner.tab, async (tx, outbox) => {
    const { cart, item } = await lineInCart(tx, outbox, owner, itemId);
    await tx.delete(cartItems).where(eq(cartItems.id, item.id));
    await announce(tx, outbox, cart, "removed");
  });
  return readCart(db, owner, origin);
}

type CandidateRow = {
  id: string;
  user_id: string | null;
  session_id: string | null;
  status: CartStatus;
  shipping_method: string | null;
  shipping_price_cents: number | null;
  shipping_cep: string | null;
  n: number;
  lines?: LineRow[];
};

type LineRow = {
  id: string;
  product_id: string;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
  unit_type: string;
  shipping_option: { method: string; price_cents: number } | null;
  metadata: Record<string, unknown> | null;
  slug: string | null;
  needs_shipping: boolean | null;
  category: string | null;
  db_image: string | null;
};

/**
 * Where the read path looks: the user's cart, else (not yet migrated) the session's anonymous one.
 * One statement reads both candidates and their line counts.
 */
const LINES_JSON = `(select coalesce(json_agg(json_build_object(
    'id', i.id, 'product_id', i.product_id, 'product_name', i.product_name, 'quantity', i.quantity,
    'unit_price_cents', i.unit_price_cents, 'total_price_cents', i.total_price_cents, 'unit_type', i.unit_type,
    'shipping_option', i.shipping_option, 'metadata', i.metadata, 'slug', p.slug, 'needs_shipping', p.needs_shipping,
    'category', p.category, 'db_image', pc.image) order by i.created_at, i.id), '[]'::json)
  from cart_items i
  left join products p on p.id = i.product_id
  left join product_catalog pc on pc.id = i.product_id
  where i.cart_id = c.id)`;
const candidatesText = (withLines: boolean) => `
  select c.id, c.user_id, c.session_id, c.status, c.shipping_method, c.shipping_price_cents, c.shipping_cep,
         (select count(*)::int from cart_items i where i.cart_id = c.id) as n${withLines ? `, ${LINES_JSON} as lines` : ""}
  from carts c
  where c.status = 'active' and (c.user_id = $1::text or (c.session_id = $2::uuid and c.user_id is null))`;
/**
 * Named (prepared once per connection): the cart is read on every page and its plan costs more
 * than running it.
 */
const CANDIDATES = { name: "cart_candidates", text: candidatesText(false) };
const CANDIDATES_WITH_LINES = { name: "cart_candidates_lines", text: candidatesText(true) };

async function cartForRead(
  db: Database,
  owner: CartOwner,
  withLines = false,
): Promise<{ cart: (CartReadRow & { count: number; lines: LineRow[] }) | undefined; migrationPending: boolean }> {
  if (!owner.userId && !owner.sessionId) return { cart: undefined, migrationPending: false };
  // The lines come in the same round trip, as JSON (GET /api/cart is one statement).
  const statement = withLines ? CANDIDATES_WITH_LINES : CANDIDATES;
  const result = await db.$client.query<CandidateRow>({ ...statement, values: [owner.userId, owner.sessionId] });
  const toCart = (row: CandidateRow | undefined) =>
    row && {
      id: row.id,
      userId: row.user_id,
      sessionId: row.session_id,
      status: row.status,
      shippingMethod: row.shipping_method,
      shippingPriceCents: row.shipping_price_cents,
      shippingCep: row.shipping_cep,
      count: row.n,
      lines: row.lines ?? [],
    };
  const sessionCart = toCart(result.rows.find((row) => row.user_id === null));
  if (!owner.userId) return { cart: sessionCart, migrationPending: false };
  const userCart = toCart(result.rows.find((row) => row.user_id === owner.userId));
  return { cart: userCart ?? sessionCart, migrationPending: sessionCart !== undefined };
}

export async function countItems(db: Database, owner: CartOwner): Promise<CartCount> {
  const { cart, migrationPending } = await cartForRead(db, owner);
  return { count: cart?.count ?? 0, cartId: cart?.id ?? null, migrationPending };
}

/** Spec §3: the cart with its lines and totals. */
export async function readCart(db: Database, owner: CartOwner, origin: string): Promise<CartView> {
  const { cart, migrationPending } = await cartForRead(db, owner, true);
  if (!cart) return { ...EMPTY_CART, migrationPending };
  const cartRow = { method: cart.shippingMethod, priceCents: cart.shippingPriceCents, cep: cart.shippingCep };
  const rows = cart.lines;
  const items: CartLine[] = rows.map((row) => {
    const unitType: UnitType = row.unit_type === "unit" ? "unit" : "gram";
    const packaging = normalizePackaging(row.metadata, unitType, row.quantity);
    const fee = packagingFee(unitType, row.quantity, packaging);
    return {
      id: row.id,
      productId: row.product_id,
      productName: row.product_name,
      slug: row.slug,
      image: resolveProductImage({ dbImage: row.db_image, name: row.product_name, id: row.product_id }, origin),
      quantity: row.quantity,
      unitType,
      unitPriceCents: row.unit_price_cents,
      totalPriceCents: row.total_price_cents,
      packaging,
      packagingFeeCents: fee,
      lineTotalCents: row.total_price_cents + fee,
      savingsCents: lineSavings(unitType, row.quantity, row.total_price_cents),
      needsShipping: row.needs_shipping ?? true,
      shippingOption: row.shipping_option ?? null,
    };
  });
  const needsShipping = items.some((item) => item.needsShipping);
  let shipping: CartView["shipping"] = null;
  if (needsShipping && cartRow.method && cartRow.cep && cartRow.priceCents !== null) {
    const weight = Math.max(
      PARCEL_BASE_GRAMS,
      parcelWeightGrams(rows.map((row) => ({ category: row.category ?? "", unitType: row.unit_type === "unit" ? "unit" : "gram", quantity: row.quantity, needsShipping: row.needs_shipping ?? true }))),
    );
    // Today's price of the chosen method for today's parcel (lines may have changed since the choice).
    const option = (await quoteShipping(db, cartRow.cep, weight))?.options.find((o) => o.method === cartRow.method);
    if (option) shipping = { method: option.method, label: option.label, priceCents: option.priceCents, deliveryDays: option.deliveryDays, cep: cartRow.cep };
  }
  return {
    cartId: cart.id,
    status: cart.status,
    items,
    totals: computeTotals(items, shipping?.priceCents ?? 0),
    needsShipping,
    shipping,
    migrationPending,
  };
}

/**
 * The shipping options for a CEP (8 digits) and a parcel weight, from the shipping feature (regional
 * table plus weight band, decision 005: the same quote the checkout uses), or null when no region
 * covers the CEP.
 */
export async function quoteShipping(db: Executor, cep: string, weightGrams = PARCEL_BASE_GRAMS): Promise<ShippingQuote | null> {
  const options = await quoteParcel(db, cep, weightGrams);
  if (options.length === 0) return null;
  return {
    cep,
    region: options[0]!.region,
    options: options.map((option) => ({ method: option.method, label: option.label, priceCents: option.priceCents, deliveryDays: option.deliveryDays })),
  };
}

/** The parcel weight of the owner's active cart (the base weight when it has none). */
export async function cartWeightGrams(db: Executor, owner: CartOwner): Promise<number> {
  const where = ownedActive(owner);
  if (!where) return PARCEL_BASE_GRAMS;
  const lines = await db
    .select({ category: products.category, unitType: products.unitType, quantity: cartItems.quantity, needsShipping: products.needsShipping })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(where);
  return Math.max(PARCEL_BASE_GRAMS, parcelWeightGrams(lines));
}

/** Chooses the shipping of the caller's cart; the price comes from the table, never from the client. */
export async function chooseShipping(db: Database, owner: CartOwner, input: { cep: string; method: string }, origin: string): Promise<CartView> {
  await write(db, owner.tab, async (tx, outbox) => {
    const cart = await cartForWrite(tx, outbox, owner);
    if (!cart) throw cartNotFound();
    const quoteResult = await quoteShipping(tx, input.cep, await cartWeightGrams(tx, { userId: cart.userId, sessionId: cart.sessionId }));
    if (!quoteResult) throw new DomainError("unprocessable", "cep_not_served", "Não entregamos neste CEP.");
    const option = quoteResult.options.find((o) => o.method === input.method);
    if (!option) throw new DomainError("invalid", "invalid_shipping_method", "Forma de envio indisponível para este CEP.");
    await tx
      .update(carts)
      .set({ shippingMethod: option.method, shippingPriceCents: option.priceCents, shippingCep: input.cep })
      .where(eq(carts.id, cart.id));
    await announce(tx, outbox, cart, "shipping");
  });
  return readCart(db, owner, origin);
}

/**
 * Spec §4's completed-cart check: has the cart this browser knows (or, without one, its session's
 * cart) become completed or pending payment? Only carts of the caller are looked at.
 */
export async function checkCartStatus(db: Database, owner: CartOwner, knownCartId: string | undefined): Promise<CartStatusCheck> {
  const mine = [
    ...(owner.userId ? [eq(carts.userId, owner.userId)] : []),
    ...(owner.sessionId ? [and(eq(carts.sessionId, owner.sessionId), isNull(carts.userId))] : []),
  ];
  if (mine.length === 0) return { finished: false, cartId: null, status: null };
  const ownedBy = mine.length === 1 ? mine[0]! : sql`(${mine[0]} or ${mine[1]})`;
  if (knownCartId) {
    const [row] = await db.select(cartColumns).from(carts).where(and(eq(carts.id, knownCartId), ownedBy)).limit(1);
    if (row) return { finished: row.status !== "active", cartId: row.id, status: row.status };
  }
  if (!owner.sessionId) return { finished: false, cartId: null, status: null };
  // Without a known cart: the session's carts, finished and with no active one after them.
  const rows = await db
    .select(cartColumns)
    .from(carts)
    .where(and(eq(carts.sessionId, owner.sessionId), isNull(carts.userId), inArray(carts.status, ["active", "completed", "pending_payment"])))
    .orderBy(sql`${carts.updatedAt} desc`)
    .limit(1);
  const latest = rows[0];
  if (!latest || latest.status === "active") return { finished: false, cartId: latest?.id ?? null, status: latest?.status ?? null };
  return { finished: true, cartId: latest.id, status: latest.status };
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
