/**
 * Adding a product to the cart: the busiest write of the shop ("Adicionar ao carrinho"), kept
 * apart so its fast path (one statement, prepared once per connection, decision 004) is read and
 * measured on its own.
 */
import { createHash } from "node:crypto";
import type { PoolClient } from "pg";
import type { Database } from "#platform/db/client.ts";
import { requestHash } from "#platform/request-hash.ts";
import { registerSharedCache } from "#platform/realtime/shared-caches.ts";
import { PRODUCTS_CACHE } from "#domain/catalog/catalog.server.ts";
import { allCartProducts } from "#domain/catalog/cart-products.server.ts";
import { DomainError } from "#domain/errors.ts";
import { type GramPriceTable, MAX_GRAMS, MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
import { MAX_UNITS } from "#domain/pricing/price-quote.ts";
import { cartQuantityProblem, normalizePackaging, type UnitType } from "#domain/cart/cart-rules.ts";
import type { CartStatus } from "#domain/cart/cart-types.ts";
import {
  CART_COMMIT_MODE,
  cartLineRow,
  cartNotFound,
  type CartOwner,
  type CartRow,
  checkPurchasable,
  checkQuantity,
  type Outbox,
  type ProductForCart,
  productNotFound,
  publishCommitted,
  queueChange,
  sessionRequired,
} from "#domain/cart/cart-store.server.ts";
import { migrateCart } from "#domain/cart/migrate-cart.server.ts";

/** `idempotencyKey`: made by the browser once per add the customer asked for, sent again with every replay of it. */
export type AddItemInput = { productId: string; quantity: number; packaging?: { enabled: boolean }; idempotencyKey?: string };

/** An add's answer; a replay of an applied key answers the same (its first answer, as stored). */
export type AddItemResult = { cartId: string; itemId: string | null; quantity: number; itemCount: number };

/** The add as its key is bound to it (decision 017): what it asks for, the key itself left out. */
export function addRequestHash(input: AddItemInput): string {
  return requestHash({ productId: input.productId.toLowerCase(), quantity: input.quantity, packaging: input.packaging ?? null });
}

/**
 * The transaction-scoped advisory lock an add holds while it runs under a key: a second request
 * with that key (a double click, a retry racing its first try) finds it taken and answers 409
 * instead of waiting for the first and repeating it. Per owner and key; 64 bits of a hash.
 */
export function addKeyLockId(owner: CartOwner, key: string): string {
  const scope = owner.userId ? `user:${owner.userId}` : `session:${owner.sessionId}`;
  return createHash("sha256").update(`cart-add:${scope}:${key.toLowerCase()}`).digest().readBigInt64BE(0).toString();
}

const keyReused = () =>
  new DomainError(
    "unprocessable",
    "idempotency_key_reused",
    "Esta inclusão no carrinho já foi enviada com outros dados. Recarregue a página e confira o carrinho.",
  );
const addInProgress = () =>
  new DomainError("conflict", "cart_add_in_progress", "Esta inclusão no carrinho já está sendo processada. Aguarde um instante.");

/**
 * Creates or locks the cart, reads the product and the add's key ($3, may be null) in one
 * statement. `key_found`: the cart has applied that key already, with `key_hash` and `key_response`
 * (null for keys from before them); the caller then answers without adding. The caller holds the
 * key's advisory lock (taken by an earlier statement, so this one's snapshot sees every add that
 * held it before).
 */
const LOCK_CART_SQL = (column: "user_id" | "session_id", type: "text" | "uuid") => `
  with c as (
    insert into carts (${column}) values ($1::${type})
    on conflict (${column}) where status = 'active' and ${column} is not null
    do update set updated_at = now()
    returning id, user_id, session_id, status
  ), k as (
    select request_hash, response from cart_add_keys where $3::uuid is not null and key = $3::uuid and cart_id = (select id from c)
  )
  select c.id as cart_id, c.user_id, c.session_id, c.status, p.id as product_id, p.name, p.unit_type, p.price_cents,
         p.price_table, p.version, p.button_disabled, p.stock, p.made_to_order, p.needs_shipping, exists (select 1 from k) as key_found,
         (select request_hash from k) as key_hash, (select response from k) as key_response
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
  existingLine: {
    name: "cart_existing_line",
    text: "select id, quantity, metadata from cart_items where cart_id = $1 and product_id = $2",
  },
  recordKey: {
    name: "cart_record_add_key",
    text: "insert into cart_add_keys (cart_id, key, request_hash, response) values ($1, $2, $3, $4::jsonb)",
  },
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

// An admin's edit drops it on every instance (decision 021); the fast add also checks the version in SQL.
registerSharedCache(PRODUCTS_CACHE, (db) => productCache.delete(db));

function cachedProduct(db: Database, productId: string): Promise<ProductForCart | undefined> {
  let entry = productCache.get(db);
  if (!entry || entry.expires <= Date.now()) {
    const rows: Promise<Map<string, ProductForCart>> = allCartProducts(db);
    entry = { expires: Date.now() + PRODUCT_CACHE_MS, rows };
    productCache.set(db, entry);
    rows.catch(() => {
      if (productCache.get(db)?.rows === rows) productCache.delete(db);
    });
  }
  return entry.rows.then((map) => map.get(productId));
}

// `l` comes first: `c` reads it, so the key's lock is tried before the cart row is locked. When
// it is taken (the same key in flight), nothing is written and `key_free` says why.
const FAST_ADD_SQL = (column: "user_id" | "session_id", type: "text" | "uuid") => `
  with l as materialized (
    select case when $11::uuid is null then true else pg_try_advisory_xact_lock($12::bigint) end as free
  ), c as (
    insert into carts (${column}) select $1::${type} from l where l.free
    on conflict (${column}) where status = 'active' and ${column} is not null
    do update set updated_at = now()
    returning id, user_id
  ), p as (
    select id from products
    where id = $2::uuid and name = $3::text and unit_type::text = $4::text and price_cents is not distinct from $5::int
      and version = $14::int
      and not button_disabled and (made_to_order or stock is null or stock >= $6::int)
  ), ins as (
    insert into cart_items (cart_id, product_id, product_name, quantity, unit_price_cents, total_price_cents, unit_type, metadata)
    select c.id, p.id, $3::text, $7::int, $8::int, $9::int, $4::text, $10::jsonb from c, p
    where ${column === "session_id" ? "c.user_id is null" : "true"}
      -- A key this cart applied before: no line here (one removed since stays removed); the full
      -- add replays the first answer. Checked here rather than by the key's primary key failing:
      -- an error reaches the client before PostgreSQL drops the statement's locks, and the full
      -- add's try of the key's lock would then find it taken and answer 409 to a plain replay.
      and ($11::uuid is null or not exists (select 1 from cart_add_keys k where k.cart_id = c.id and k.key = $11::uuid))
    on conflict (cart_id, product_id) do nothing
    returning id, cart_id
  ), counted as (
    select (select count(*)::int from cart_items where cart_id = (select id from c)) + (select count(*)::int from ins) as n
  ), keyed as (
    insert into cart_add_keys (cart_id, key, request_hash, response)
    select ins.cart_id, $11::uuid, $13::text,
           jsonb_build_object('cartId', ins.cart_id, 'itemId', ins.id, 'quantity', $7::int, 'itemCount', counted.n)
    from ins, counted where $11::uuid is not null
  )
  select (select id from ins) as item_id, (select id from c) as cart_id, (select user_id from c) as user_id, counted.n,
         (select free from l) as key_free, set_config('synchronous_commit', 'off', true) as commit_mode
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
 * records the add's key with its request's hash and its answer; the realtime message leaves right
 * after the commit (publishNow). The key's lock taken by another request answers 409. Anything
 * else returns undefined and the caller takes the full transaction, which answers every refusal
 * with its own error, and a replayed key with its first answer. (A replay of a new line's add
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
  const fresh = cartLineRow(product, input.quantity, input.packaging?.enabled ?? false);
  const minimum = product.unitType === "gram" ? MIN_GRAMS : 1;
  const statement = owner.userId ? FAST_ADD.byUser : FAST_ADD.bySession;
  const key = input.idempotencyKey ?? null;
  const result = await db.$client
    .query<{ item_id: string | null; cart_id: string; user_id: string | null; n: number; key_free: boolean }>({
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
        key,
        key && addKeyLockId(owner, key),
        key && addRequestHash(input),
        product.version,
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
  if (row && !row.key_free) throw addInProgress();
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
export async function addItem(db: Database, owner: CartOwner, input: AddItemInput): Promise<AddItemResult> {
  if (!owner.userId && !owner.sessionId) throw sessionRequired();
  // Signed in with a session cart still around: it joins the account first (its own transaction).
  if (owner.userId && owner.sessionId) await migrateCart(db, owner.userId, owner.sessionId, owner.tab);
  const fast = await fastAdd(db, owner, input);
  if (fast) return fast;
  const outbox: Outbox = [];
  const client = await db.$client.connect();
  let result;
  try {
    if (input.idempotencyKey) {
      // An integer of our own making, so written into the batch: the lock costs no extra round trip.
      const lock = `select pg_try_advisory_xact_lock(${addKeyLockId(owner, input.idempotencyKey)}) as free`;
      const answers = (await client.query(`begin; ${CART_COMMIT_MODE}; ${lock}`)) as unknown as Array<{ rows: Array<{ free: boolean }> }>;
      if (!answers.at(-1)?.rows[0]?.free) throw addInProgress();
    } else {
      await client.query(`begin; ${CART_COMMIT_MODE}`);
    }
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

async function addInTransaction(client: PoolClient, outbox: Outbox, owner: CartOwner, input: AddItemInput): Promise<AddItemResult> {
  const answer = await applyAdd(client, outbox, owner, input);
  if (answer.replayed || !input.idempotencyKey) return answer.result;
  // Recorded in the add's transaction: an applied add always has its key, and a refused one none
  // (it changed nothing, so sending it again simply runs it again).
  await client.query({
    ...ADD_STATEMENTS.recordKey,
    values: [answer.result.cartId, input.idempotencyKey, addRequestHash(input), JSON.stringify(answer.result)],
  });
  return answer.result;
}

async function applyAdd(
  client: PoolClient,
  outbox: Outbox,
  owner: CartOwner,
  input: AddItemInput,
): Promise<{ result: AddItemResult; replayed?: boolean }> {
  const key = input.idempotencyKey ?? null;
  const lock = owner.userId
    ? await client.query<ProductRow>({ ...ADD_STATEMENTS.lockByUser, values: [owner.userId, input.productId, key] })
    : await client.query<ProductRow>({ ...ADD_STATEMENTS.lockBySession, values: [owner.sessionId, input.productId, key] });
  const row = lock.rows[0]!;
  // The session's active cart belongs to an account now (migrated): the session may not write to it.
  if (!owner.userId && row.user_id) throw cartNotFound();
  const cart: CartRow = { id: row.cart_id, userId: row.user_id, sessionId: row.session_id, status: row.status };
  if (row.key_found) {
    // Applied before (its answer was lost). One key, one request: another body under it is refused.
    if (row.key_hash && row.key_hash !== addRequestHash(input)) throw keyReused();
    if (row.key_response) return { result: row.key_response, replayed: true };
    // A key from before answers were kept: the same shape, from the cart as it is now. A line
    // removed since stays removed (itemId null, quantity 0).
    const replay = await client.query<{ item_id: string | null; quantity: number | null; n: number }>({
      ...ADD_STATEMENTS.replayedAdd,
      values: [cart.id, input.productId],
    });
    const now = replay.rows[0]!;
    return { result: { cartId: cart.id, itemId: now.item_id, quantity: now.quantity ?? 0, itemCount: now.n }, replayed: true };
  }
  if (!row.product_id) throw productNotFound();
  const product: ProductForCart = {
    id: row.product_id,
    name: row.name!,
    unitType: row.unit_type!,
    priceCents: row.price_cents,
    priceTable: row.price_table,
    version: row.version!,
    buttonDisabled: row.button_disabled!,
    stock: row.stock,
    madeToOrder: row.made_to_order!,
    needsShipping: row.needs_shipping!,
  };
  checkQuantity(product.unitType, input.quantity);
  checkPurchasable(product, input.quantity);
  const fresh = cartLineRow(product, input.quantity, input.packaging?.enabled ?? false);
  // A new line (the common case): inserted and counted in one statement.
  const insertion = await client.query<{ item_id: string | null; n: number }>({
    ...ADD_STATEMENTS.insertLine,
    values: [
      cart.id,
      product.id,
      product.name,
      fresh.quantity,
      fresh.unitPriceCents,
      fresh.totalPriceCents,
      fresh.unitType,
      JSON.stringify(fresh.metadata),
    ],
  });
  const inserted = insertion.rows[0];
  if (inserted?.item_id) {
    queueChange(outbox, cart, "added", inserted.n);
    return { result: { cartId: cart.id, itemId: inserted.item_id, quantity: input.quantity, itemCount: inserted.n } };
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
    throw new DomainError(
      "invalid",
      "invalid_quantity",
      `Quantidade inválida: o máximo por item é ${max}${product.unitType === "gram" ? " g" : " unidades"}.`,
    );
  }
  checkPurchasable(product, quantity);
  const before = normalizePackaging(existing.metadata, product.unitType, existing.quantity);
  const line = cartLineRow(product, quantity, input.packaging?.enabled ?? before.enabled);
  const updated = await client.query<{ n: number }>({
    ...ADD_STATEMENTS.updateLine,
    values: [existing.id, line.quantity, line.unitPriceCents, line.totalPriceCents, line.unitType, JSON.stringify(line.metadata)],
  });
  const itemCount = updated.rows[0]?.n ?? 0;
  queueChange(outbox, cart, "updated", itemCount);
  return { result: { cartId: cart.id, itemId: existing.id, quantity, itemCount } };
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
  price_table: GramPriceTable | null;
  version: number | null;
  button_disabled: boolean | null;
  stock: number | null;
  made_to_order: boolean | null;
  needs_shipping: boolean | null;
  key_found: boolean;
  key_hash: string | null;
  key_response: AddItemResult | null;
};
