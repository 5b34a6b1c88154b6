import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "#platform/db/client.ts";
import {
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  creditEntries,
  orderDiscounts,
  orderItems,
  orders,
  products,
  referrals,
  users,
} from "#platform/db/schema.ts";
import { recordPlacedOrder } from "#domain/orders/order-machine.server.ts";
import { reserveStock } from "#domain/orders/order-stock.server.ts";
import type { Browser, AuthTestContext } from "#test/auth-helpers.ts";
import { CHECKOUT_ADDRESS } from "#test/checkout-address.ts";

/**
 * A fresh active cart of the account with `quantity` of the catalogue's product `numericId`, written
 * as rows (the cart API's own tests are elsewhere); its stored prices are wrong on purpose, since
 * checkout re-prices every line. A cancelled unpaid order gives its cart back, so any active cart
 * the account still has goes first.
 */
export async function giveCart(ctx: AuthTestContext, userId: string, numericId: number, quantity = 1): Promise<void> {
  await ctx.t.db.delete(carts).where(and(eq(carts.userId, userId), eq(carts.status, "active")));
  const [cart] = await ctx.t.db.insert(carts).values({ userId, status: "active" }).returning({ id: carts.id });
  const [product] = await ctx.t.db.select().from(products).where(eq(products.numericId, numericId));
  await ctx.t.db.insert(cartItems).values({
    cartId: cart!.id,
    productId: product!.id,
    productName: product!.name,
    quantity,
    unitPriceCents: 1,
    totalPriceCents: 1,
    unitType: product!.unitType,
  });
}

/** Checks the account's cart out (PAC, Pix, awaiting payment) through the API; the new order's id. */
export async function checkOut(
  ctx: AuthTestContext,
  browser: Browser,
  address: typeof CHECKOUT_ADDRESS = CHECKOUT_ADDRESS,
): Promise<string> {
  const response = await ctx.request("/api/checkout/orders", {
    browser,
    json: {
      idempotencyKey: crypto.randomUUID(),
      address,
      saveAddress: false,
      shippingMethod: "pac",
      confirmAdult: true,
      acceptTerms: true,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

/** What `buildOrder` made: the order's row id and the people and things around it. */
export type BuiltOrder = { orderId: string; userId: string; email: string; cartId: string; productId: string; quantity: number };

let built = 0;

/**
 * An order as checkout leaves it, written straight into the database (no HTTP): a customer, their
 * cart (pending_payment) with `quantity` of the catalogue's product `numericId` (its stock taken),
 * the order waiting for its static Pix, its first history entry through the order machine. With
 * `coupon`, a coupon redemption counted on it; with `creditCents`, credit the customer spent on it;
 * with `referrer`, the customer signed up through that account's link.
 */
export async function buildOrder(
  db: Database,
  options: { numericId?: number; quantity?: number; coupon?: boolean; creditCents?: number; referrer?: string; shipping?: boolean } = {},
): Promise<BuiltOrder> {
  built += 1;
  const tag = `${Date.now().toString(36)}${built}${Math.random().toString(36).slice(2, 6)}`;
  const userId = `cliente-${tag}`;
  const email = `cliente-${tag}@example.com`;
  const quantity = options.quantity ?? 1;
  await db.insert(users).values({ id: userId, name: `Cliente ${built}`, email, emailVerified: true });
  if (options.referrer) await db.insert(referrals).values({ referrerUserId: options.referrer, referredUserId: userId, code: `R${tag}` });
  const [product] = await db
    .select()
    .from(products)
    .where(eq(products.numericId, options.numericId ?? 4));
  const [cart] = await db.insert(carts).values({ userId, status: "pending_payment" }).returning({ id: carts.id });
  const unit = 50_00;
  const shippingCents = options.shipping === false ? 0 : 20_00;
  const discountCents = options.creditCents ?? 0;
  const totalCents = unit * quantity + shippingCents - discountCents;
  let orderId = "";
  await db.transaction(async (tx) => {
    const reserved = await reserveStock(tx, [{ productId: product!.id, productName: product!.name, quantity }]);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        cartId: cart!.id,
        customerEmail: email,
        customerName: `Cliente ${built}`,
        subtotalCents: unit * quantity,
        shippingCents,
        discountCents,
        totalCents,
        shippingMethod: options.shipping === false ? null : "pac",
        pixTxid: `TESTE${tag}`.slice(0, 25),
        pixCode: "000201",
        pixExpiresAt: new Date(Date.now() + 30 * 60_000),
        statusReason: "order_placed",
      })
      .returning({ id: orders.id });
    orderId = order!.id;
    await tx.insert(orderItems).values({
      orderId,
      productId: product!.id,
      productName: product!.name,
      productSlug: product!.slug,
      unitType: product!.unitType,
      quantity,
      unitPriceCents: unit,
      totalPriceCents: unit * quantity,
      finalTotalCents: unit * quantity,
      needsShipping: options.shipping !== false,
      stockReserved: reserved.has(product!.id),
    });
    await recordPlacedOrder(tx, orderId, userId);
    if (options.coupon) {
      const [coupon] = await tx
        .insert(coupons)
        .values({ code: `TESTE${tag}`.toUpperCase(), kind: "fixed", value: 1_00, uses: 1 })
        .returning({ id: coupons.id });
      await tx.insert(couponRedemptions).values({ couponId: coupon!.id, orderId, userId, discountCents: 1_00 });
    }
    if (options.creditCents) {
      await tx.insert(creditEntries).values({ userId, kind: "order_payment", amountCents: -options.creditCents, orderId });
      await tx.insert(orderDiscounts).values({ orderId, kind: "credit", label: "Crédito de indicação", amountCents: options.creditCents });
    }
  });
  return { orderId, userId, email, cartId: cart!.id, productId: product!.id, quantity };
}

/** A customer account of its own (a referrer, an admin's counterpart). */
export async function buildCustomer(db: Database, label = "pessoa"): Promise<string> {
  built += 1;
  const id = `${label}-${Date.now().toString(36)}${built}`;
  await db.insert(users).values({ id, name: label, email: `${id}@example.com`, emailVerified: true });
  return id;
}
