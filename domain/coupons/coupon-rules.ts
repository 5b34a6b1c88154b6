/**
 * Coupons and credit at checkout (decisions 027 and 028), browser-safe: what a coupon takes off,
 * and how a coupon and credit combine. The server prices the order with these same functions
 * inside its transaction; the checkout's preview shows what they will give.
 */
import { formatBRL } from "#domain/pricing/money.ts";

export const COUPON_KINDS = ["percent", "fixed", "free_shipping"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What pricing needs of a coupon. `value`: percent 1–100, or cents for `fixed`; null for free shipping. */
export type CouponTerms = { code: string; kind: CouponKind; value: number | null };

export type OrderAmounts = { subtotalCents: number; packagingCents: number; shippingCents: number };

/**
 * Pix cannot charge R$ 0,00 and an order's total is positive (orders_money): discounts leave at
 * least a cent to pay. docs/requirements.md: credits pay *part* of an order.
 */
export const MIN_PIX_CENTS = 1;

/** Codes are typed by people: trimmed and upper case, letters, digits, - and _. */
export function normalizeCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** What the coupon alone takes off: a percentage or a fixed amount of the products, or the freight. */
export function couponDiscountCents(coupon: CouponTerms, amounts: OrderAmounts): number {
  switch (coupon.kind) {
    case "percent":
      return Math.round((amounts.subtotalCents * (coupon.value ?? 0)) / 100);
    case "fixed":
      return Math.min(coupon.value ?? 0, amounts.subtotalCents);
    case "free_shipping":
      return amounts.shippingCents;
  }
}

export type DiscountLine = { kind: "coupon" | "credit"; label: string; amountCents: number; couponCode: string | null };

export type PricedDiscounts = { lines: DiscountLine[]; discountCents: number; totalCents: number };

export function couponLabel(coupon: CouponTerms): string {
  if (coupon.kind === "percent") return `Cupom ${coupon.code} (${coupon.value}%)`;
  if (coupon.kind === "free_shipping") return `Cupom ${coupon.code} (frete grátis)`;
  return `Cupom ${coupon.code}`;
}

export const CREDIT_LABEL = "Crédito de indicação";

/**
 * The order's discounts: the coupon first, then credit (up to `creditCents`, what the customer
 * has), never beyond the total less MIN_PIX_CENTS. Zero amounts make no line.
 */
export function priceDiscounts(amounts: OrderAmounts, coupon: CouponTerms | null, creditCents: number): PricedDiscounts {
  const gross = amounts.subtotalCents + amounts.packagingCents + amounts.shippingCents;
  const room = Math.max(0, gross - MIN_PIX_CENTS);
  const couponCents = coupon ? Math.min(couponDiscountCents(coupon, amounts), room) : 0;
  const credit = Math.max(0, Math.min(creditCents, room - couponCents));
  const lines: DiscountLine[] = [];
  if (coupon && couponCents > 0)
    lines.push({ kind: "coupon", label: couponLabel(coupon), amountCents: couponCents, couponCode: coupon.code });
  if (credit > 0) lines.push({ kind: "credit", label: CREDIT_LABEL, amountCents: credit, couponCode: null });
  const discountCents = couponCents + credit;
  return { lines, discountCents, totalCents: gross - discountCents };
}

/** What a coupon's terms read as in the admin's list: "10% · a partir de R$ 100,00 · 1ª compra". */
export function describeCoupon(coupon: CouponTerms & { minSubtotalCents: number; firstPurchaseOnly: boolean }): string {
  const what =
    coupon.kind === "percent"
      ? `${coupon.value}% nos produtos`
      : coupon.kind === "fixed"
        ? `${formatBRL(coupon.value ?? 0)} nos produtos`
        : "Frete grátis";
  const parts = [what];
  if (coupon.minSubtotalCents > 0) parts.push(`a partir de ${formatBRL(coupon.minSubtotalCents)}`);
  if (coupon.firstPurchaseOnly) parts.push("só na 1ª compra");
  return parts.join(" · ");
}
