/**
 * The cart as the checkout sees it: the customer's active cart, re-priced from `products`.
 */
import type { Database } from "#platform/db/client.ts";
import { DomainError } from "#domain/errors.ts";
import { normalizePackaging } from "#domain/cart/cart-rules.ts";
import { activeUserCart, cartLines, sessionCartProductIds } from "#domain/cart/cart-contents.server.ts";
import { cartProducts } from "#domain/catalog/cart-products.server.ts";
import { priceLine, pricingSubject } from "#domain/pricing/line-pricing.ts";
import { quantityProblem } from "#domain/pricing/price-quote.ts";
import { productionDays } from "#domain/shipping/delivery-estimate.ts";
import { quoteShipping, type QuoteServices } from "#domain/shipping/shipping-quote.server.ts";
import { parcelOf, type Parcel } from "#domain/shipping/parcel.ts";
import type { ShippingQuote } from "#domain/shipping/shipping-quote-schema.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

export type CheckoutLine = {
  productId: string;
  productName: string;
  productSlug: string;
  category: string;
  unitType: "gram" | "unit";
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  packagingEnabled: boolean;
  packagingFeeCents: number;
  sachetCount: number | null;
  finalTotalCents: number;
  needsShipping: boolean;
  /** Null: no stock limit. */
  stock: number | null;
  /** Why this line cannot be bought as it is (Portuguese), or null. */
  problem: string | null;
};

export type CheckoutCart = {
  cartId: string;
  lines: CheckoutLine[];
  subtotalCents: number;
  packagingCents: number;
  needsShipping: boolean;
  weightGrams: number;
  /** What the freight is quoted for (weight and box); weight 0 when nothing ships. */
  parcel: Parcel;
  /** Business days of production before shipping (decision 058): the order keeps it. */
  productionDays: number;
  savedShipping: { method: string | null; cep: string | null };
};

/**
 * The signed-in customer's active cart, priced by the server (docs/requirements.md: prices, totals and fees
 * stored with the cart lines or sent by a client are never used). Null when there is no cart.
 */
export async function loadCheckoutCart(db: Executor, userId: string, options: { lock?: boolean } = {}): Promise<CheckoutCart | null> {
  const cart = await activeUserCart(db, userId, options);
  if (!cart) return null;
  // The cart's lines (cart's rows) priced from the products (catalog's rows), both read in this transaction (decision 048).
  const items = await cartLines(db, cart.id);
  const byId = await cartProducts(
    db,
    items.map((item) => item.productId),
  );
  const rows = items.flatMap((item) => {
    const product = byId.get(item.productId);
    return product ? [{ ...product, ...item }] : [];
  });

  const lines = rows.map((row): CheckoutLine => {
    // The customer's choice as the cart view reads it (legacy metadata included); its fee is the pricer's.
    const packagingEnabled = normalizePackaging(row.metadata as Record<string, unknown>, row.unitType, row.quantity).enabled;
    const base = {
      productId: row.productId,
      productName: row.name,
      productSlug: row.slug,
      category: row.category,
      unitType: row.unitType,
      quantity: row.quantity,
      packagingEnabled,
      needsShipping: row.needsShipping,
      stock: row.stock,
    };
    const invalid = quantityProblem(row.unitType, row.quantity);
    const unpriced = row.unitType === "unit" && !row.priceCents;
    let problem: string | null = null;
    if (row.buttonDisabled) problem = `${row.name} não está disponível para compra.`;
    else if (invalid || unpriced) problem = `A quantidade de ${row.name} não é válida: ${invalid ?? "produto sem preço"}.`;
    else if (row.stock !== null && row.stock < row.quantity) problem = `Estoque insuficiente de ${row.name}.`;
    if (invalid || unpriced) {
      return {
        ...base,
        unitPriceCents: 0,
        discountCents: 0,
        totalPriceCents: 0,
        packagingFeeCents: 0,
        sachetCount: null,
        finalTotalCents: 0,
        problem,
      };
    }
    // THE line pricer (domain/pricing/line-pricing.ts): the cart view prices the line with it too.
    const price = priceLine(pricingSubject(row.unitType, row.priceCents, row.priceTable), row.quantity, packagingEnabled);
    return {
      ...base,
      packagingEnabled: price.packagingEnabled,
      unitPriceCents: price.unitPriceCents,
      discountCents: price.discountCents,
      totalPriceCents: price.totalPriceCents,
      packagingFeeCents: price.packagingFeeCents,
      sachetCount: price.sachetCount,
      finalTotalCents: price.lineTotalCents,
      problem,
    };
  });
  const parcel = parcelOf(
    rows.map((row) => ({
      category: row.category,
      unitType: row.unitType,
      quantity: row.quantity,
      needsShipping: row.needsShipping,
      weightGrams: row.weightGrams,
      lengthCm: row.lengthCm,
      widthCm: row.widthCm,
      heightCm: row.heightCm,
    })),
  );
  return {
    cartId: cart.id,
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.totalPriceCents, 0),
    packagingCents: lines.reduce((sum, line) => sum + line.packagingFeeCents, 0),
    needsShipping: lines.some((line) => line.needsShipping),
    weightGrams: parcel.weightGrams,
    parcel,
    productionDays: productionDays(rows.map((row) => ({ leadTimeBusinessDays: row.madeToOrder ? row.leadTimeBusinessDays : null }))),
    savedShipping: { method: cart.shippingMethod, cep: cart.shippingCep },
  };
}

/** The cart the checkout goes on with: refused (cart_empty) when there is nothing to buy. */
export async function requireCheckoutCart(db: Executor, userId: string): Promise<CheckoutCart> {
  const cart = await loadCheckoutCart(db, userId);
  if (!cart || cart.lines.length === 0) throw new DomainError("conflict", "cart_empty", "Seu carrinho está vazio.");
  return cart;
}

/**
 * A visitor at the checkout (issue 20): refused (cart_empty) like a customer when their browser's
 * cart has nothing, instead of being asked to create an account for an empty cart.
 */
export async function requireVisitorCartItems(db: Executor, sessionId: string | null): Promise<{ needsShipping: boolean }> {
  const productIds = sessionId ? await sessionCartProductIds(db, sessionId) : [];
  const byId = await cartProducts(db, productIds);
  const lines = productIds.flatMap((id) => {
    const product = byId.get(id);
    return product ? [{ needsShipping: product.needsShipping }] : [];
  });
  if (lines.length === 0) throw new DomainError("conflict", "cart_empty", "Seu carrinho está vazio.");
  return { needsShipping: lines.some((line) => line.needsShipping) };
}

/** Shipping options for the customer's cart and a CEP (digital-only carts: none needed). */
export async function quoteCartShipping(services: QuoteServices, userId: string, cep: string): Promise<ShippingQuote> {
  const cart = await requireCheckoutCart(services.db, userId);
  return quoteShipping(services, cep, cart.needsShipping ? cart.parcel : { ...cart.parcel, weightGrams: 0 });
}
