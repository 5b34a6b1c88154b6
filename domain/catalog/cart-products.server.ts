/**
 * The product rows a cart prices its lines from (decision 012's line pricer), read through the
 * catalog module (decision 048): the cart and the checkout call these inside their own transaction,
 * so a line is priced from what that transaction sees of the product.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { products } from "#platform/db/tables/catalog.ts";

type Reader = Pick<Database, "select">;

const cartProductColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  category: products.category,
  unitType: products.unitType,
  priceCents: products.priceCents,
  priceTable: products.priceTable,
  /** Raised by every admin edit: the cart's fast add checks it in SQL against its cached copy. */
  version: products.version,
  buttonDisabled: products.buttonDisabled,
  stock: products.stock,
  madeToOrder: products.madeToOrder,
  needsShipping: products.needsShipping,
  leadTimeBusinessDays: products.leadTimeBusinessDays,
  /** The parcel's figures the owner typed (null: estimated by the shipping module). */
  weightGrams: products.weightGrams,
  lengthCm: products.lengthCm,
  widthCm: products.widthCm,
  heightCm: products.heightCm,
};

function selectCartProducts(db: Reader, ids?: readonly string[]) {
  const query = db.select(cartProductColumns).from(products);
  return ids === undefined ? query : query.where(inArray(products.id, [...new Set(ids)]));
}

/** What the cart and the checkout know of a product: its price, unit, availability and parcel. */
export type CartProduct = Awaited<ReturnType<typeof selectCartProducts>>[number];

/** Every product, by id (the cart's add keeps them in memory for a few seconds). */
export async function allCartProducts(db: Reader): Promise<Map<string, CartProduct>> {
  const rows = await selectCartProducts(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** These products, by id; an id no product has is left out. */
export async function cartProducts(db: Reader, ids: readonly string[]): Promise<Map<string, CartProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await selectCartProducts(db, ids);
  return new Map(rows.map((row) => [row.id, row]));
}
