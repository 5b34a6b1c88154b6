import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, orders, payments } from "#platform/db/schema.ts";
import { realtimeBus, userTopic, type RealtimeMessage } from "#platform/realtime/bus.ts";
import { placeOrderSchema } from "#domain/checkout/checkout-schemas.ts";
import { placeOrder } from "#domain/checkout/place-order.server.ts";
import { expirePendingOrders, PROVIDER_EXPIRY_GRACE_MS } from "#domain/orders/order-jobs.server.ts";
import { runPixChargeJob } from "#domain/reconciliation/order-charge.server.ts";
import { ORDER_PIX_EVENT } from "#domain/reconciliation/pix-generation.ts";
import { type AuthTestContext, type Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "#test/fakes/mercadopago-fake.ts";
import { CHECKOUT_ADDRESS, giveCart } from "#test/builders.ts";

/*
 * Issue 27 item 4, decision 045: no call to the provider while the checkout holds the cart's and
 * the stock's rows. The order commits first (stock reserved, pending_payment, no code); the charge is
 * made after the commit under Mercado Pago's X-Idempotency-Key, by the request and, failing that, by
 * the `pix-charge` job queued with the order. Against the local fake speaking MP's wire format.
 */

const KIT = 4;
const TIMEOUT_MS = 1500;
let ctx: AuthTestContext;
let fake: MercadoPagoFake;
let customer: Browser;
let customerId: string;
let customerEmail: string;

beforeAll(async () => {
  fake = await startMercadoPagoFake();
  ctx = await createAuthTestContext({
    PIX_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
    PIX_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  customerEmail = uniqueEmail("pix-depois");
  customer = await ctx.customer(customerEmail);
  customerId = await ctx.userId(customerEmail);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const body = () => ({
  idempotencyKey: crypto.randomUUID(),
  address: CHECKOUT_ADDRESS,
  saveAddress: false,
  shippingMethod: "pac" as const,
  confirmAdult: true,
  acceptTerms: true,
});

type OrderPage = { id: string; status: string; pix: { code: string; txid: string } | null; pixGeneration: string | null };

async function orderPage(orderId: string): Promise<OrderPage> {
  const response = await ctx.request(`/api/orders/${orderId}`, { browser: customer });
  expect(response.status).toBe(200);
  return (await response.json()) as OrderPage;
}

/** The charges the fake holds for an order (its external_reference is the order's txid). */
const chargesAtProvider = (orderId: string) =>
  [...fake.payments.values()].filter((payment) => payment.external_reference === orderId.replaceAll("-", ""));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function listen() {
  const received: RealtimeMessage[] = [];
  const bus = realtimeBus(ctx.t.db);
  const stop = bus.subscribe([userTopic(customerId)], (message) => received.push(message));
  return { received, stop, ready: bus.ready() };
}

describe("the provider's charge is made after the order's commit", () => {
  it("a slow provider holds no row: while it answers, the cart and the product are free, and the Pix is shown once made", async () => {
    await giveCart(ctx.t.db, customerId, KIT);
    const [cart] = await ctx.t.db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.userId, customerId), eq(carts.status, "active")));
    const [line] = await ctx.t.db.select({ productId: cartItems.productId }).from(cartItems).where(eq(cartItems.cartId, cart!.id));
    const callsBefore = fake.idempotencyKeys.length;
    fake.createDelayMs = 700;
    try {
      const placing = ctx.request("/api/checkout/orders", { browser: customer, json: body() });
      // The provider has the request in hand (and takes its time answering it).
      await until(
        async () => fake.idempotencyKeys.length,
        (n) => n > callsBefore,
      );
      // Meanwhile another transaction takes the rows checkout locked, without waiting for them.
      await ctx.t.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '100ms'`);
        await tx.execute(sql`select id from carts where id = ${cart!.id} for update`);
        await tx.execute(sql`select id from products where id = ${line!.productId} for update`);
      });
      const response = await placing;
      expect(response.status).toBe(201);
      const { orderId } = (await response.json()) as { orderId: string };
      const page = await orderPage(orderId);
      const [charge] = chargesAtProvider(orderId);
      expect(page).toMatchObject({ status: "pending_payment", pixGeneration: null });
      expect(page.pix?.code).toBe(charge!.point_of_interaction.transaction_data.qr_code);
      expect(chargesAtProvider(orderId)).toHaveLength(1);
    } finally {
      fake.createDelayMs = 0;
    }
  });

  it('"Gerar novo Pix" too: the order\'s row is free while the provider makes the new charge, shown once made', async () => {
    await giveCart(ctx.t.db, customerId, KIT);
    const placed = await ctx.request("/api/checkout/orders", { browser: customer, json: body() });
    const { orderId } = (await placed.json()) as { orderId: string };
    const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    await expirePendingOrders(ctx.t.services, {
      now: new Date(order!.pixExpiresAt.getTime() + PROVIDER_EXPIRY_GRACE_MS + 1000),
      userId: customerId,
    });
    expect((await orderPage(orderId)).status).toBe("cancelled");
    const callsBefore = fake.idempotencyKeys.length;
    fake.createDelayMs = 700;
    try {
      const renewing = ctx.request(`/api/orders/${orderId}/pix`, { browser: customer, method: "POST" });
      await until(
        async () => fake.idempotencyKeys.length,
        (n) => n > callsBefore,
      );
      await ctx.t.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '100ms'`);
        await tx.execute(sql`select id from orders where id = ${orderId} for update`);
      });
      const renewed = await renewing;
      expect(renewed.status).toBe(200);
      expect(fake.idempotencyKeys.at(-1)).toBe(`${orderId}:2`);
      // The second attempt's charge, under its own reference (the txid followed by the attempt).
      const second = [...fake.payments.values()].filter((payment) => payment.external_reference === `${orderId.replaceAll("-", "")}2`);
      expect(second).toHaveLength(1);
      const page = (await renewed.json()) as OrderPage;
      expect(page).toMatchObject({ status: "pending_payment", pixGeneration: null });
      expect(page.pix?.code).toBe(second[0]!.point_of_interaction.transaction_data.qr_code);
    } finally {
      fake.createDelayMs = 0;
    }
  });

  it("a failing provider: the order is saved with its stock, the page says the Pix is late, and the job makes it once the provider is back", async () => {
    await giveCart(ctx.t.db, customerId, KIT);
    const events = listen();
    await events.ready;
    // The request's try and the job's first try fail; the job's retry (about 3 s later) succeeds.
    fake.failCreates = 2;
    try {
      const response = await ctx.request("/api/checkout/orders", { browser: customer, json: body() });
      expect(response.status).toBe(201);
      const { orderId } = (await response.json()) as { orderId: string };
      expect(await orderPage(orderId)).toMatchObject({ status: "pending_payment", pix: null, pixGeneration: "failed" });
      const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.pixCode).toBeNull();
      expect(chargesAtProvider(orderId)).toHaveLength(0);

      const page = await until(
        () => orderPage(orderId),
        (value) => value.pix !== null,
      );
      expect(fake.failCreates).toBe(0);
      const charges = chargesAtProvider(orderId);
      expect(charges).toHaveLength(1);
      expect(page).toMatchObject({ status: "pending_payment", pixGeneration: null });
      expect(page.pix!.code).toBe(charges[0]!.point_of_interaction.transaction_data.qr_code);
      const recorded = await ctx.t.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(recorded).toMatchObject([
        { provider: "mercadopago", attempt: 1, status: "pending", providerChargeId: String(charges[0]!.id) },
      ]);
      // The customer's page heard both: the Pix is late, then the Pix is there.
      const pixEvents = events.received.filter((message) => message.type === ORDER_PIX_EVENT);
      expect(pixEvents.map((message) => message.data)).toEqual([{ order_id: orderId }, { order_id: orderId }]);
    } finally {
      fake.failCreates = 0;
      events.stop();
    }
  }, 40_000);

  it("the process dies between the commit and the charge: the queued job makes the one charge", async () => {
    await giveCart(ctx.t.db, customerId, KIT);
    // The domain's placeOrder is the commit alone; the request would charge next, but here nothing does.
    const placed = await placeOrder(
      ctx.t.services,
      { id: customerId, email: customerEmail, name: "Cliente" },
      placeOrderSchema.parse(body()),
    );
    expect(await orderPage(placed.orderId)).toMatchObject({ pix: null, pixGeneration: "generating" });
    const page = await until(
      () => orderPage(placed.orderId),
      (value) => value.pix !== null,
    );
    expect(page.pixGeneration).toBeNull();
    expect(chargesAtProvider(placed.orderId)).toHaveLength(1);
    expect(fake.idempotencyKeys.filter((key) => key === `${placed.orderId}:1`)).toHaveLength(1);
    expect(await ctx.t.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(1);
  }, 40_000);

  it("two workers on one attempt at once: one charge at the provider, one payment row, the order shows it", async () => {
    await giveCart(ctx.t.db, customerId, KIT);
    const placed = await placeOrder(
      ctx.t.services,
      { id: customerId, email: customerEmail, name: "Cliente" },
      placeOrderSchema.parse(body()),
    );
    // Slow enough that both calls are at the provider together.
    fake.createDelayMs = 300;
    try {
      await Promise.all([
        runPixChargeJob(ctx.t.services, { orderId: placed.orderId, attempt: 1 }),
        runPixChargeJob(ctx.t.services, { orderId: placed.orderId, attempt: 1 }),
      ]);
    } finally {
      fake.createDelayMs = 0;
    }
    expect(fake.idempotencyKeys.filter((key) => key === `${placed.orderId}:1`)).toHaveLength(2);
    const charges = chargesAtProvider(placed.orderId);
    expect(charges).toHaveLength(1);
    expect(await ctx.t.db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(1);
    expect((await orderPage(placed.orderId)).pix?.code).toBe(charges[0]!.point_of_interaction.transaction_data.qr_code);
    // The job queued with the order, when its time comes, finds the Pix made and calls no one.
    await until(
      async () =>
        (
          await ctx.t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from graphile_worker._private_jobs where key = ${`pix-charge:${placed.orderId}:1`}`,
          )
        ).rows[0]!.n,
      (n) => n === 0,
    );
    expect(fake.idempotencyKeys.filter((key) => key === `${placed.orderId}:1`)).toHaveLength(2);
  }, 40_000);
});
