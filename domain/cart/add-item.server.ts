/**
 * Adding a product to the cart: the busiest write of the shop ("Adicionar ao carrinho"), kept
 * apart so its fast path (one statement, prepared once per connection, decision 004) is read and
 * measured on its own.
 */
import type { PoolClient } from "pg";
import type { Database } from "#platform/db/client.ts";
import { products } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { MAX_GRAMS, MIN_GRAMS } from "#domain/pricing/gram-pricing.ts";
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
  productColumns,
  type ProductForCart,
  productNotFound,
  publishCommitted,
  queueChange,
  sessionRequired,
} from "#domain/cart/cart-store.server.ts";
import { migrateCart } from "#domain/cart/migrate-cart.server.ts";

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
  existingLine: {
    name: "cart_existing_line",
    text: "select id, quantity, metadata from cart_items where cart_id = $1 and product_id = $2",
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
  const fresh = cartLineRow(product, input.quantity, input.packaging?.enabled ?? false);
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
