/**
 * Reading the cart (spec §3/§4): its lines and totals, its line count for the header badge, and
 * the completed-cart check. The read path runs on every page, so it is one prepared statement.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { carts } from "#platform/db/tables/cart.ts";
import { resolveProductImage } from "#domain/catalog/image-resolution.ts";
import { chosenShippingOption, type QuoteServices } from "#domain/shipping/shipping-quote.server.ts";
import { PARCEL_BASE_GRAMS, parcelOf } from "#domain/shipping/parcel.ts";
import { priceLine, pricingSubject } from "#domain/pricing/line-pricing.ts";
import type { PriceTablePoint } from "#platform/db/json-columns.ts";
import {
  cartLinePrice,
  type CartLinePrice,
  computeTotals,
  lineSavings,
  normalizePackaging,
  packagingFee,
  type UnitType,
} from "#domain/cart/cart-rules.ts";
import type { CartCount, CartLine, CartStatus, CartStatusCheck, CartView } from "#domain/cart/cart-types.ts";
import { EMPTY_CART } from "#domain/cart/cart-types.ts";
import { productionDays } from "#domain/shipping/delivery-estimate.ts";
import { cartColumns, type CartOwner, type CartRow } from "#domain/cart/cart-store.server.ts";

type CartReadRow = CartRow & { shippingMethod: string | null; shippingPriceCents: number | null; shippingCep: string | null };

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
  /** The product as it is now (null when it is gone): what the line is priced from. */
  product_unit_type: UnitType | null;
  price_cents: number | null;
  price_table: PriceTablePoint[] | null;
  shipping_option: { method: string; price_cents: number } | null;
  metadata: Record<string, unknown> | null;
  slug: string | null;
  needs_shipping: boolean | null;
  /** Made to order: its production days; null otherwise. */
  lead_time_business_days: number | null;
  category: string | null;
  db_image: string | null;
  /** The product's parcel figures (null: estimated). */
  weight_grams: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
};

/**
 * Where the read path looks: the user's cart, else (not yet migrated) the session's anonymous one.
 * One statement reads both candidates and their line counts.
 */
const LINES_JSON = `(select coalesce(json_agg(json_build_object(
    'id', i.id, 'product_id', i.product_id, 'product_name', i.product_name, 'quantity', i.quantity,
    'unit_price_cents', i.unit_price_cents, 'total_price_cents', i.total_price_cents, 'unit_type', i.unit_type,
    'shipping_option', i.shipping_option, 'metadata', i.metadata, 'slug', p.slug, 'needs_shipping', p.needs_shipping,
    'category', p.category, 'db_image', pc.image, 'product_unit_type', p.unit_type, 'price_cents', p.price_cents,
    'price_table', p.price_table, 'lead_time_business_days', case when p.made_to_order then p.lead_time_business_days end,
    'weight_grams', p.weight_grams, 'length_cm', p.length_cm, 'width_cm', p.width_cm, 'height_cm', p.height_cm)
    order by i.created_at, i.id), '[]'::json)
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

/**
 * A line's money: THE line pricer on the product as it is now, the very inputs the checkout
 * charges (checkout-cart.server.ts), so the cart shows what the order will cost. A line that no
 * longer prices (its product gone, or a quantity its unit does not sell) shows what was stored
 * when it was written; the checkout refuses it before anything is charged.
 */
function linePrice(row: LineRow): CartLinePrice {
  const unitType: UnitType = row.product_unit_type ?? (row.unit_type === "unit" ? "unit" : "gram");
  const packaging = normalizePackaging(row.metadata, unitType, row.quantity);
  if (row.product_unit_type !== null) {
    try {
      return cartLinePrice(priceLine(pricingSubject(unitType, row.price_cents, row.price_table), row.quantity, packaging.enabled));
    } catch {
      // Falls through to the stored price.
    }
  }
  const fee = packagingFee(unitType, row.quantity, packaging);
  return {
    quantity: row.quantity,
    unitType,
    unitPriceCents: row.unit_price_cents,
    totalPriceCents: row.total_price_cents,
    packaging,
    packagingFeeCents: fee,
    lineTotalCents: row.total_price_cents + fee,
    savingsCents: lineSavings(unitType, row.quantity, row.total_price_cents),
  };
}

/** Spec §3: the cart with its lines and totals. */
export async function readCart(services: QuoteServices, owner: CartOwner, origin: string): Promise<CartView> {
  const { db } = services;
  const { cart, migrationPending } = await cartForRead(db, owner, true);
  if (!cart) return { ...EMPTY_CART, migrationPending };
  const cartRow = { method: cart.shippingMethod, priceCents: cart.shippingPriceCents, cep: cart.shippingCep };
  const rows = cart.lines;
  const items: CartLine[] = rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    slug: row.slug,
    image: resolveProductImage({ dbImage: row.db_image, name: row.product_name, id: row.product_id }, origin),
    ...linePrice(row),
    needsShipping: row.needs_shipping ?? true,
    shippingOption: row.shipping_option ?? null,
    priceTable: row.price_table ?? null,
  }));
  const needsShipping = items.some((item) => item.needsShipping);
  let shipping: CartView["shipping"] = null;
  if (needsShipping && cartRow.method && cartRow.cep && cartRow.priceCents !== null) {
    const parcel = parcelOf(
      rows.map((row) => ({
        category: row.category ?? "",
        unitType: row.unit_type === "unit" ? "unit" : "gram",
        quantity: row.quantity,
        needsShipping: row.needs_shipping ?? true,
        weightGrams: row.weight_grams,
        lengthCm: row.length_cm,
        widthCm: row.width_cm,
        heightCm: row.height_cm,
      })),
    );
    // Today's price of the chosen method for today's parcel (lines may have changed since the choice).
    // The shipping module's one quote, as the cart's estimate and the checkout give it.
    const option = await chosenShippingOption(
      services,
      cartRow.cep,
      { ...parcel, weightGrams: Math.max(PARCEL_BASE_GRAMS, parcel.weightGrams) },
      cartRow.method,
    );
    if (option)
      shipping = {
        method: option.method,
        label: option.label,
        priceCents: option.priceCents,
        deliveryDays: option.deliveryDays,
        cep: cartRow.cep,
      };
  }
  return {
    cartId: cart.id,
    status: cart.status,
    items,
    totals: computeTotals(items, shipping?.priceCents ?? 0),
    needsShipping,
    shipping,
    productionDays: productionDays(rows.map((row) => ({ leadTimeBusinessDays: row.lead_time_business_days ?? null }))),
    migrationPending,
  };
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
    const [row] = await db
      .select(cartColumns)
      .from(carts)
      .where(and(eq(carts.id, knownCartId), ownedBy))
      .limit(1);
    if (row) return { finished: row.status !== "active", cartId: row.id, status: row.status };
  }
  if (!owner.sessionId) return { finished: false, cartId: null, status: null };
  // Without a known cart: the session's carts, finished and with no active one after them.
  const rows = await db
    .select(cartColumns)
    .from(carts)
    .where(
      and(eq(carts.sessionId, owner.sessionId), isNull(carts.userId), inArray(carts.status, ["active", "completed", "pending_payment"])),
    )
    .orderBy(sql`${carts.updatedAt} desc`)
    .limit(1);
  const latest = rows[0];
  if (!latest || latest.status === "active") return { finished: false, cartId: latest?.id ?? null, status: latest?.status ?? null };
  return { finished: true, cartId: latest.id, status: latest.status };
}
