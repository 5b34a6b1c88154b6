/**
 * The coupon and the credit of an order being placed (decisions 027 and 028). `priceOrderDiscounts`
 * runs inside the order's transaction before the order exists: it locks the coupon's row and the
 * customer's credit row, so what it reads stays true until the order commits (parallel checkouts
 * queue there). `recordOrderDiscounts` then writes the use, the debit and the order's lines.
 */
import type { Database } from "#platform/db/client.ts";
import { claimCoupon, previewCoupon, recordRedemption, type ClaimedCoupon, type CouponCustomer } from "#domain/coupons/coupons.server.ts";
import { priceDiscounts, type OrderAmounts, type PricedDiscounts } from "#domain/coupons/coupon-rules.ts";
import type { CouponPreview } from "#domain/coupons/coupon-schemas.ts";
import { addCreditEntry, creditBalance, lockCreditBalance } from "#domain/referrals/credit-ledger.server.ts";
import { loadCheckoutCart } from "#domain/checkout/checkout-cart.server.ts";
import { DomainError } from "#domain/errors.ts";
import { recordDiscountLines } from "#domain/orders/order-discounts.server.ts";
import { hasLiveOrder } from "#domain/orders/customer-orders.server.ts";
import type { ShippingChoice } from "#domain/shipping/shipping-methods.ts";
import { chosenShippingOption, type QuoteServices } from "#domain/shipping/shipping-quote.server.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The customer as the coupon's rules see them: "first purchase" is asked of the orders module. */
const couponCustomer = (executor: Database | Tx, userId: string): CouponCustomer => ({
  userId,
  hasPurchased: () => hasLiveOrder(executor, userId),
});

export type DiscountRequest = { couponCode?: string; useCredits?: boolean };

export type OrderDiscounts = PricedDiscounts & { coupon: ClaimedCoupon | null };

export async function priceOrderDiscounts(
  tx: Tx,
  userId: string,
  request: DiscountRequest,
  amounts: OrderAmounts & { needsShipping: boolean },
): Promise<OrderDiscounts> {
  const coupon = request.couponCode ? await claimCoupon(tx, request.couponCode, couponCustomer(tx, userId), amounts) : null;
  const credit = request.useCredits ? await lockCreditBalance(tx, userId) : 0;
  return { ...priceDiscounts(amounts, coupon?.terms ?? null, credit), coupon };
}

export async function recordOrderDiscounts(tx: Tx, orderId: string, userId: string, discounts: OrderDiscounts): Promise<void> {
  if (discounts.lines.length === 0) return;
  await recordDiscountLines(tx, orderId, discounts.lines);
  for (const line of discounts.lines) {
    if (line.kind === "coupon" && discounts.coupon) await recordRedemption(tx, discounts.coupon, orderId, userId, line.amountCents);
    if (line.kind === "credit") await addCreditEntry(tx, { userId, kind: "order_payment", amountCents: -line.amountCents, orderId });
  }
}

export type PreviewRequest = { couponCode?: string; cep?: string; shippingMethod?: ShippingChoice };

/**
 * POST /api/checkout/coupon-preview: the coupon's terms for the customer's cart (or its refusal) and
 * their credit. With the CEP and the chosen method, that method's freight is quoted as the order
 * will quote it, so a free-shipping coupon is priced against it; without them the freight is 0 and
 * a free-shipping coupon has nothing to take off yet.
 */
export async function previewCheckoutDiscounts(services: QuoteServices, userId: string, request: PreviewRequest): Promise<CouponPreview> {
  const { db } = services;
  const creditCents = await creditBalance(db, userId);
  if (!request.couponCode) return { coupon: null, creditCents };
  const cart = await loadCheckoutCart(db, userId);
  if (!cart || cart.lines.length === 0) throw new DomainError("conflict", "cart_empty", "Seu carrinho está vazio.");
  let shippingCents = 0;
  if (cart.needsShipping && request.cep && request.shippingMethod) {
    const chosen = await chosenShippingOption(services, request.cep, cart.parcel, request.shippingMethod);
    if (!chosen) throw new DomainError("conflict", "shipping_unavailable", "Essa forma de envio não atende o seu CEP. Escolha outra.");
    shippingCents = chosen.priceCents;
  }
  const amounts = {
    subtotalCents: cart.subtotalCents,
    packagingCents: cart.packagingCents,
    shippingCents,
    needsShipping: cart.needsShipping,
  };
  return { coupon: await previewCoupon(db, request.couponCode, couponCustomer(db, userId), amounts), creditCents };
}
