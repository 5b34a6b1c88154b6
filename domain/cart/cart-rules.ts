/**
 * The cart's rules (spec §3, §5, §9; docs/requirements.md), pure, for both sides: the server decides with
 * them, the browser uses them for optimistic updates. Money is integer cents.
 */
import {
  BASE_UNIT_PRICE_CENTS,
  DEFAULT_PACKAGING_FEE_CENTS,
  MIN_GRAMS,
  packagingFeeCents,
  sachetCount,
} from "#domain/pricing/gram-pricing.ts";
import { type LinePrice, packagingOffered, priceLine, pricingSubject } from "#domain/pricing/line-pricing.ts";
import { quantityProblem } from "#domain/pricing/price-quote.ts";
import type { CartLine, CartTotals, Packaging } from "#domain/cart/cart-types.ts";

/** Spec §5/§8: the exact messages of the quantity update. */
export const MINIMUM_QUANTITY_MESSAGE = `Minimum quantity is ${MIN_GRAMS}`;
export const ITEM_NOT_FOUND_MESSAGE = "Item not found";

export type UnitType = "gram" | "unit";

/**
 * Services, courses and digital items (nothing to ship) are bought one at a time: a second
 * e-book or a second seat at the same course in one order makes no sense (decision 063). The
 * browser shows no quantity stepper for them; the server refuses more than one.
 */
export function singleUnitOnly(product: { needsShipping: boolean }): boolean {
  return !product.needsShipping;
}
export type RuleProblem = { code: "minimum_quantity" | "invalid_quantity"; message: string };

/** Why a line cannot hold `quantity`, or null. Below 2 g is the spec's own English message. */
export function cartQuantityProblem(unitType: UnitType, quantity: number): RuleProblem | null {
  if (typeof quantity !== "number" || !Number.isFinite(quantity)) {
    return { code: "invalid_quantity", message: "A quantidade deve ser um número." };
  }
  if (unitType === "gram" && Number.isInteger(quantity) && quantity < MIN_GRAMS) {
    return { code: "minimum_quantity", message: MINIMUM_QUANTITY_MESSAGE };
  }
  const problem = quantityProblem(unitType, quantity);
  if (!problem) return null;
  return { code: "invalid_quantity", message: `Quantidade inválida: ${problem}.` };
}

/**
 * The packaging a line carries (spec §3 metadata): offered to gram lines from 50 g; `fee_amount`
 * is the shop's one fee per sachet (docs/requirements.md), recorded for the reader, never a line's own.
 */
export function packagingFor(unitType: UnitType, quantity: number, enabled: boolean): Packaging {
  return {
    enabled: packagingOffered(unitType, quantity) && enabled,
    fee_amount: DEFAULT_PACKAGING_FEE_CENTS,
    sachet_count: unitType === "gram" ? sachetCount(quantity) : 0,
  };
}

/** The packaging fee of a line: docs/requirements.md's single rule; the metadata's `fee_amount` is not read. */
export function packagingFee(unitType: UnitType, quantity: number, packaging: Packaging): number {
  return unitType === "gram" ? packagingFeeCents(quantity, packaging.enabled) : 0;
}

type RawMetadata = Record<string, unknown> | null | undefined;

/**
 * Spec §3: legacy lines carry `packaging_fee` (on/off, or an amount) and `packaging_fee_amount`
 * (reais per sachet); they become `packaging {enabled, fee_amount, sachet_count}`. Only the choice
 * survives: a stored amount (legacy, or a `packaging.fee_amount` other than the shop's) gives way
 * to the shop's fee, so the cart never shows a fee the checkout would not charge (issue 15; the
 * 0008 migration rewrites such rows).
 */
export function normalizePackaging(metadata: RawMetadata, unitType: UnitType, quantity: number): Packaging {
  const current = metadata?.packaging as Partial<Packaging> | undefined;
  if (current && typeof current === "object") return packagingFor(unitType, quantity, current.enabled === true);
  if (metadata && ("packaging_fee" in metadata || "packaging_fee_amount" in metadata)) {
    const flag = metadata.packaging_fee;
    return packagingFor(unitType, quantity, flag === true || (typeof flag === "number" && flag > 0));
  }
  return packagingFor(unitType, quantity, false);
}

/** A line's packaging metadata as the line pricer charged it. */
export function packagingOf(price: LinePrice): Packaging {
  return { enabled: price.packagingEnabled, fee_amount: price.packagingFeePerSachetCents, sachet_count: price.sachetCount ?? 0 };
}

/** The money of a cart line, in the cart's field names. */
export type CartLinePrice = Pick<
  CartLine,
  "quantity" | "unitType" | "unitPriceCents" | "totalPriceCents" | "packaging" | "packagingFeeCents" | "lineTotalCents" | "savingsCents"
>;

/** A cart line's money from THE line pricer (domain/pricing/line-pricing.ts). */
export function cartLinePrice(price: LinePrice): CartLinePrice {
  return {
    quantity: price.quantity,
    unitType: price.unitType,
    unitPriceCents: price.unitPriceCents,
    totalPriceCents: price.totalPriceCents,
    packaging: packagingOf(price),
    packagingFeeCents: price.packagingFeeCents,
    lineTotalCents: price.lineTotalCents,
    // Against the line's own 2 g price (the spec's R$ 20,00/g unless the owner set a table).
    savingsCents: price.unitType === "gram" ? Math.max(0, price.discountCents) : 0,
  };
}

/**
 * The browser's optimistic update (spec §4): the line as it will be after a change, priced by the
 * same function as the server's answer. A quantity that does not price changes only the quantity;
 * the server's refusal then rolls it back.
 */
export function repriceCartLine(line: CartLine, quantity: number, packagingEnabled: boolean): CartLine {
  let price: LinePrice;
  try {
    price = priceLine(pricingSubject(line.unitType, line.unitPriceCents, line.priceTable ?? null), quantity, packagingEnabled);
  } catch {
    return { ...line, quantity };
  }
  return { ...line, ...cartLinePrice(price) };
}

/** What the quantity discount saves: gram lines against R$ 20,00 per gram; unit lines save nothing. */
export function lineSavings(unitType: UnitType, quantity: number, totalPriceCents: number): number {
  return unitType === "gram" ? Math.max(0, quantity * BASE_UNIT_PRICE_CENTS - totalPriceCents) : 0;
}

/** Spec §3 "Cart totals" of the lines and the chosen shipping. */
export function computeTotals(lines: Pick<CartLine, "lineTotalCents" | "savingsCents">[], shippingCents: number): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const savings = lines.reduce((sum, line) => sum + line.savingsCents, 0);
  return { subtotal, shippingTotal: shippingCents, total: subtotal + shippingCents, savings, itemCount: lines.length };
}
