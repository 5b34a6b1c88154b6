// The one builder of the tests: customers, carts and orders, made the way each kind of test needs
// them. Domain tests write a customer's row and place orders through the domain's own functions
// (no HTTP); API tests sign customers up and check out through the API; process tests do it over
// HTTP against a shop running as a child process (test/shop-process.ts).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "#platform/db/client.ts";
import type { AppServices } from "#platform/services.ts";
import { users } from "#platform/db/tables/auth.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { couponRedemptions, coupons } from "#platform/db/tables/coupons.ts";
import { orderDiscounts, orderItems, orders } from "#platform/db/tables/orders.ts";
import { creditEntries, referrals } from "#platform/db/tables/referrals.ts";
import { confirmPayment, moveOrderStatus } from "#domain/orders/admin-order-flows.server.ts";
import { recordPlacedOrder } from "#domain/orders/order-machine.server.ts";
import { reserveStock } from "#domain/orders/order-stock.server.ts";
import { hasLiveOrder } from "#domain/orders/customer-orders.server.ts";
import type { CouponCustomer } from "#domain/coupons/coupons.server.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { orderAddressSchema } from "#domain/checkout/checkout-schemas.ts";
import { placeOrder, type PlaceOrderRequest, type SessionCustomer } from "#domain/checkout/place-order.server.ts";
import { Browser, PASSWORD, PUBLIC_URL, type AuthTestContext } from "#test/auth-helpers.ts";
import { linksIn, type MailServer } from "#test/mail-server.ts";
import { CHECKOUT_ADDRESS } from "#test/checkout-address.ts";
import { testConfig } from "#test/database.ts";
import { FULFILMENT_PROFILE } from "#test/fulfilment-profile.ts";

export { CHECKOUT_ADDRESS, FULFILMENT_PROFILE };

/** The catalogue's products the tests reach for, by their fixed ids. */
export const productIdOf = productUuid;
/** The liquid-culture kit: sold by the unit, with stock. */
export const KIT = productUuid(4);

// ---- Customers, carts and orders in the database, for domain tests (no HTTP) ----

let customers = 0;

/** A customer's account row (confirmed e-mail), as signing up leaves it; what the domain's functions take. */
export async function makeCustomer(db: Database, name = "Cliente Teste"): Promise<SessionCustomer> {
  const n = ++customers;
  const customer = { id: `cliente-${randomUUID()}`, name, email: `cliente-${Date.now().toString(36)}-${n}@example.com` };
  await db.insert(users).values({ ...customer, emailVerified: true });
  return customer;
}

/**
 * A fresh active cart of the account with `quantity` of the catalogue's product `numericId`, written
 * as rows (the cart API's own tests are elsewhere); its stored prices are wrong on purpose, since
 * checkout re-prices every line. A cancelled unpaid order gives its cart back, so any active cart
 * the account still has goes first.
 */
export async function giveCart(db: Database, userId: string, numericId: number, quantity = 1): Promise<void> {
  await db.delete(carts).where(and(eq(carts.userId, userId), eq(carts.status, "active")));
  const [cart] = await db.insert(carts).values({ userId, status: "active" }).returning({ id: carts.id });
  const [product] = await db.select().from(products).where(eq(products.numericId, numericId));
  await db.insert(cartItems).values({
    cartId: cart!.id,
    productId: product!.id,
    productName: product!.name,
    quantity,
    unitPriceCents: 1,
    totalPriceCents: 1,
    unitType: product!.unitType,
  });
}

/**
 * The customer's order of `numericId` (its cart given first), placed by the domain's checkout as
 * the API would: Pix, PAC to CHECKOUT_ADDRESS when it ships, awaiting payment. `request` adds a
 * coupon, credit or another address. Its id.
 */
export async function placedOrder(
  services: Pick<AppServices, "config" | "db" | "logger">,
  customer: SessionCustomer,
  numericId: number,
  request: Partial<PlaceOrderRequest> & { quantity?: number } = {},
): Promise<string> {
  const { quantity = 1, ...rest } = request;
  await giveCart(services.db, customer.id, numericId, quantity);
  const [product] = await services.db
    .select({ needsShipping: products.needsShipping })
    .from(products)
    .where(eq(products.numericId, numericId));
  // As the API hands it over: parsed by the checkout's schema (digits only).
  const address = orderAddressSchema.parse(CHECKOUT_ADDRESS);
  const shipping = product!.needsShipping ? { address, shippingMethod: "pac" as const } : {};
  const placed = await placeOrder(services, customer, { idempotencyKey: randomUUID(), saveAddress: false, ...shipping, ...rest });
  return placed.orderId;
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
    const reserved = await reserveStock(tx, { db, config: testConfig() }, [
      { productId: product!.id, productName: product!.name, quantity },
    ]);
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

/**
 * One more line of the catalogue's product `numericId` on a built order (a mixed cart: a sample and
 * a consultoria), at `priceCents`, its totals raised to match; shipping as the product says.
 */
export async function addOrderLine(db: Database, orderId: string, numericId: number, priceCents = 300_00): Promise<void> {
  const [product] = await db.select().from(products).where(eq(products.numericId, numericId));
  await db.transaction(async (tx) => {
    await tx.insert(orderItems).values({
      orderId,
      productId: product!.id,
      productName: product!.name,
      productSlug: product!.slug,
      unitType: product!.unitType,
      quantity: 1,
      unitPriceCents: priceCents,
      totalPriceCents: priceCents,
      finalTotalCents: priceCents,
      needsShipping: product!.needsShipping,
    });
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    await tx
      .update(orders)
      .set({ subtotalCents: order!.subtotalCents + priceCents, totalCents: order!.totalCents + priceCents })
      .where(eq(orders.id, orderId));
  });
}

/** A customer account of its own (a referrer, an admin's counterpart): its id. */
export async function buildCustomer(db: Database, label = "pessoa"): Promise<string> {
  return (await makeCustomer(db, label)).id;
}

/**
 * Moves a placed order as the admin's screen does, through the order machine's flows (decision 043),
 * so a test never writes an order's status itself: "paid" confirms the static Pix, "delivered"
 * confirms it first when needed (an order without shipping), "cancelled" is the shop's cancellation.
 */
export async function moveOrderAsAdmin(
  services: Pick<AppServices, "config" | "db" | "logger">,
  orderId: string,
  to: "paid" | "delivered" | "cancelled",
): Promise<void> {
  const admin = await makeCustomer(services.db, "Admin");
  const [order] = await services.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (to !== "cancelled" && order!.status === "pending_payment") await confirmPayment(services, orderId, admin.id);
  if (to !== "paid") await moveOrderStatus(services, orderId, to, admin.id);
}

// ---- Through the API of a test app (test/auth-helpers.ts) ----

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

/**
 * An order of one product that needs no shipping (a course, the e-book, a service), placed through
 * the API by `customer`, then moved by `admin` through `steps` ("paid", then "delivered"). Its id.
 */
export async function orderWithoutShipping(
  ctx: AuthTestContext,
  customer: Browser,
  numericId: number,
  steps: ReadonlyArray<"paid" | "delivered"> = [],
  admin?: Browser,
): Promise<string> {
  const me = await ctx.request("/api/auth/get-session", { browser: customer });
  const userId = ((await me.json()) as { user: { id: string } }).user.id;
  await giveCart(ctx.t.db, userId, numericId);
  const placed = await ctx.request("/api/checkout/orders", {
    browser: customer,
    json: { idempotencyKey: crypto.randomUUID(), confirmAdult: true, acceptTerms: true },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  for (const step of steps) {
    const [path, json] = step === "paid" ? ["confirm-payment", {}] : ["status", { status: "delivered" }];
    const done = await ctx.request(`/api/admin/orders/${orderId}/${path}`, { browser: admin, json });
    expect(done.status, await done.clone().text()).toBe(200);
  }
  return orderId;
}

// ---- Over HTTP, against a shop running as a child process (test/shop-process.ts) ----

/** What a child shop needs to e-mail its confirmation links and tell customers apart by address. */
export const CUSTOMER_ENV = (mail: MailServer) => ({ SMTP_URL: mail.url, TRUST_PROXY: "true" });

type Shop = { url(pathname: string): string };

/**
 * A request from `browser` to `shop`, as a browser on the shop sends it (Origin, cookies, its own
 * address in X-Forwarded-For, so sign-up limits per address stay out of the way).
 */
export async function shopRequest(
  shop: Shop,
  path: string,
  options: { browser?: Browser; json?: unknown; method?: string; timeoutMs?: number } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: PUBLIC_URL };
  if (options.browser) {
    headers["x-forwarded-for"] = options.browser.address;
    if (options.browser.cookies.size > 0) headers.cookie = options.browser.header();
  }
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(shop.url(path), {
    method: options.method ?? (options.json === undefined ? "GET" : "POST"),
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  options.browser?.store(response);
  return response;
}

let counter = 0;

/** A new account, confirmed through the e-mailed link (which signs it in): its browser. */
export async function signedUpCustomer(shop: Shop, mail: MailServer, label = "cliente"): Promise<Browser> {
  const n = ++counter;
  const email = `${label}-${Date.now().toString(36)}-${n}@example.com`;
  const browser = new Browser(`198.51.100.${(n % 250) + 1}`);
  const signUp = await shopRequest(shop, "/api/auth/sign-up/email", {
    browser,
    json: { name: "Cliente Teste", email, password: PASSWORD, callbackURL: "/auth?verificado=1" },
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const message = await mail.waitFor(email, (m) => m.subject.includes("Confirme"));
  const link = new URL(linksIn(message).find((url) => url.includes("/api/auth/verify-email"))!);
  const verified = await shopRequest(shop, link.pathname + link.search, { browser });
  expect(verified.status).toBe(302);
  expect(browser.sessionCookie, "sessão criada pelo link de confirmação").toBeTruthy();
  return browser;
}

/** The checkout body for one kit delivered by PAC; the key makes it one attempt. */
export const checkoutBody = (idempotencyKey: string) => ({
  idempotencyKey,
  address: CHECKOUT_ADDRESS,
  shippingMethod: "pac",
  confirmAdult: true,
  acceptTerms: true,
});

/** A customer as the coupons' rules see them: "first purchase" asked of the orders module, as the checkout does. */
export function couponCustomer(db: Pick<Database, "select">, userId: string): CouponCustomer {
  return { userId, hasPurchased: () => hasLiveOrder(db, userId) };
}
