import { and, eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, orders, orderStatusHistory, payments, products } from "#platform/db/schema.ts";
import { expirePendingOrders, PROVIDER_EXPIRY_GRACE_MS } from "#domain/orders/order-jobs.server.ts";
import { providerById } from "#domain/payments/charges.server.ts";
import { verifyMercadoPagoSignature } from "#domain/payments/mercadopago-signature.server.ts";
import { applyChargeState } from "#domain/reconciliation/apply-charge.server.ts";
import { reconcilePayments } from "#domain/reconciliation/reconcile-payments.server.ts";
import { type AuthTestContext, Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "#test/fakes/mercadopago-fake.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";
import { auditEntries } from "#test/audit.ts";
import { CHECKOUT_ADDRESS, checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 21 through Mercado Pago's local fake (its wire format, research B.1.a): the shop serves on a
 * real port, the fake calls it back with signed notifications, and every notification is only a
 * hint: the payment is re-read with GET /v1/payments/{id} before anything changes.
 */

const KIT = 4;
let ctx: AuthTestContext;
let fake: MercadoPagoFake;
let front: { url: string; close(): Promise<void> };
let customer: Browser;
let customerEmail: string;
let customerId: string;
const adminEmail = uniqueEmail("admin-pix");

beforeAll(async () => {
  fake = await startMercadoPagoFake();
  ctx = await createAuthTestContext({
    PIX_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: fake.url,
    MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
    PIX_PROVIDER_TIMEOUT_MS: "800",
  });
  front = await serveOnLoopback(ctx.app as unknown as Hono);
  fake.deliverTo = front.url;
  customerEmail = uniqueEmail("pix-mp");
  customer = await ctx.customer(customerEmail);
  customerId = await ctx.userId(customerEmail);
  await ctx.makeAdmin(adminEmail);
  await ctx.customer(adminEmail);
});

afterAll(async () => {
  await front?.close();
  await ctx?.close();
  await fake?.close();
});

async function newOrder() {
  await giveCart(ctx.t.db, customerId, KIT);
  const orderId = await checkOut(ctx, customer);
  const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await ctx.t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { order: order!, payment: payment!, mpId: Number(payment!.providerChargeId) };
}

const statusOf = async (orderId: string) =>
  (await ctx.t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
const paymentOf = async (orderId: string) => (await ctx.t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const paidTransitions = (orderId: string) =>
  ctx.t.db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "paid")));

/** Waits until the queue has sent every e-mail (so a second one would have arrived by now). */
async function mailQueueDrained(): Promise<void> {
  for (;;) {
    const { rows } = await ctx.t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send-email' and j.attempts = 0`);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailsTo = (to: string, subject: string) =>
  ctx.mail.messages.filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject));

describe("Mercado Pago: charges", () => {
  it("checkout creates the charge at Mercado Pago and shows its own copy-and-paste code, amount converted exactly", async () => {
    const { order, payment, mpId } = await newOrder();
    const charge = fake.payments.get(mpId)!;
    expect(order.paymentProvider).toBe("mercadopago");
    expect(order.pixCode).toBe(charge.point_of_interaction.transaction_data.qr_code);
    expect(order.pixTxid).toMatch(/^[0-9a-f]{32}$/);
    expect(order.pixTxid).toBe(order.id.replaceAll("-", ""));
    expect(charge.external_reference).toBe(order.pixTxid);
    expect(charge.transaction_amount * 100).toBe(order.totalCents);
    expect(fake.idempotencyKeys).toContain(`${order.id}:1`);
    expect(payment).toMatchObject({ provider: "mercadopago", status: "pending", amountCents: order.totalCents, txid: order.pixTxid });
    expect(new URL(charge.notification_url!).pathname).toBe("/api/payments/mercadopago/webhook");
    // The customer's page shows the provider's code verbatim.
    const page = await ctx.request(`/api/orders/${order.id}`, { browser: customer });
    expect(((await page.json()) as { pix: { code: string } }).pix.code).toBe(order.pixCode);
  });
});

describe("Mercado Pago: webhook signature", () => {
  it("reproduces the research's test vector", () => {
    const check = {
      secret: "segredo-do-painel",
      requestId: "2066ca19-c6f1-498a-be75-1923005edd06",
      dataId: "1234567890",
      nowMs: 1764525730_000,
      signature: "ts=1764525730,v1=5ff263a5c490175d58c5c471c2e80e1fd10d53a2a0ce3fed9b8170060dbedc88",
    };
    expect(verifyMercadoPagoSignature(check)).toBe(true);
    expect(verifyMercadoPagoSignature({ ...check, dataId: "1234567891" })).toBe(false);
    expect(verifyMercadoPagoSignature({ ...check, nowMs: check.nowMs + 301_000 })).toBe(false);
  });

  it("refuses a wrong v1, an altered data.id and an old ts (401, nothing paid), and accepts the right one", async () => {
    const { order, mpId } = await newOrder();
    // Paid at Mercado Pago already: a refused call that slipped through would mark the order paid.
    await fake.approve(mpId, { notify: false });
    expect((await fake.notify(mpId, "payment.updated", { secret: "outro-segredo" })).status).toBe(401);
    expect((await fake.notify(mpId, "payment.updated", { dataId: String(mpId + 1) })).status).toBe(401);
    expect((await fake.notify(mpId, "payment.updated", { tsSeconds: Math.floor(Date.now() / 1000) - 600 })).status).toBe(401);
    expect(await statusOf(order.id)).toBe("pending_payment");
    const unsigned = await fetch(`${front.url}/api/payments/mercadopago/webhook?data.id=${mpId}&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "payment.updated", data: { id: String(mpId) } }),
    });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { error: { message: string } }).error.message).toMatch(/assinatura/);
    expect(await statusOf(order.id)).toBe("pending_payment");

    expect((await fake.notify(mpId, "payment.updated")).status).toBe(200);
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paymentOf(order.id)).toMatchObject({ status: "paid", providerStatus: "approved/accredited", paidCents: order.totalCents });
  });
});

describe("Mercado Pago: exactly once", () => {
  it("five concurrent duplicate notifications: one transition, one notification, one e-mail", async () => {
    const { order, mpId } = await newOrder();
    const deliveries = await fake.approve(mpId, { copies: 5 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paidTransitions(order.id)).toHaveLength(1);
    const told = await ctx.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.type, "payment_status_changed")));
    expect(told).toHaveLength(1);
    await ctx.mail.waitFor(customerEmail, (m) => m.subject.startsWith("Pagamento confirmado") && m.text.includes(`#${order.number}`));
    await mailQueueDrained();
    expect(mailsTo(customerEmail, "Pagamento confirmado").filter((m) => m.text.includes(`#${order.number}`))).toHaveLength(1);
  });

  it('"approved" before "pending": the late pending notification and a stale pending read change nothing', async () => {
    const { order, mpId } = await newOrder();
    const deliveries = await fake.approve(mpId, { outOfOrder: true });
    expect(deliveries.map((delivery) => delivery.action)).toEqual(["payment.updated", "payment.created"]);
    expect(await statusOf(order.id)).toBe("paid");
    // A provider read that lags behind (still "pending") after the payment was applied.
    const provider = providerById(ctx.t.services.config, "mercadopago")!;
    const payment = await paymentOf(order.id);
    const stale = {
      ...(await provider.readCharge({ providerChargeId: String(mpId), txid: null }))!,
      status: "pending" as const,
      providerStatus: "pending",
    };
    expect(await applyChargeState(ctx.t.services, provider, payment, stale)).toBe("unchanged");
    expect(await paymentOf(order.id)).toMatchObject({ status: "paid", providerStatus: "approved/accredited" });
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paidTransitions(order.id)).toHaveLength(1);
  });
});

describe("Mercado Pago: payments that do not match", () => {
  it("an underpaid payment is never marked paid, and the admins are told once", async () => {
    const { order, mpId } = await newOrder();
    const short = (order.totalCents - 100) / 100;
    const deliveries = await fake.approve(mpId, { paid: short, copies: 2 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await statusOf(order.id)).toBe("pending_payment");
    expect(await paymentOf(order.id)).toMatchObject({ status: "rejected", problem: "underpaid", paidCents: order.totalCents - 100 });
    const alert = await ctx.mail.waitFor(adminEmail, (m) => m.subject.includes(`#${order.number}`) && m.subject.includes("atenção"));
    expect(alert.text).toContain("NÃO foi marcado como pago");
    await mailQueueDrained();
    expect(mailsTo(adminEmail, `#${order.number}`).filter((m) => m.subject.includes("atenção"))).toHaveLength(1);
  });

  it("a payment whose reference is another's, or no order's, is refused and reported", async () => {
    const { order, mpId } = await newOrder();
    fake.payments.get(mpId)!.external_reference = "f".repeat(32);
    await fake.approve(mpId);
    expect(await statusOf(order.id)).toBe("pending_payment");
    expect(await paymentOf(order.id)).toMatchObject({ status: "rejected", problem: "foreign_reference" });

    const notificationUrl = `${ctx.t.services.config.PUBLIC_URL}/api/payments/mercadopago/webhook`;
    const [first] = await fake.foreignPayment(notificationUrl, 10, "referencia-de-outra-loja");
    expect(first!.status).toBe(200);
    const foreignId = fake.deliveries.at(-1)!.paymentId;
    expect((await fake.notify(foreignId, "payment.updated")).status).toBe(200);
    const rows = await ctx.t.db
      .select()
      .from(payments)
      .where(eq(payments.providerChargeId, String(foreignId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId: null, status: "rejected", problem: "foreign_reference", paidCents: 1000 });
    await ctx.mail.waitFor(adminEmail, (m) => m.subject.includes("sem pedido correspondente"));
    await mailQueueDrained();
    expect(mailsTo(adminEmail, "sem pedido correspondente")).toHaveLength(1);
  });
});

describe("Mercado Pago: reconciliation", () => {
  it("the poller confirms a payment whose notification was lost", async () => {
    const { order, mpId } = await newOrder();
    await fake.approve(mpId, { notify: false });
    expect(await statusOf(order.id)).toBe("pending_payment");
    expect(await reconcilePayments(ctx.t.services, { now: new Date(Date.now() + 60_000) })).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paidTransitions(order.id)).toHaveLength(1);
  });

  it("the poller expires an unpaid charge with its order: cancelled at Mercado Pago, stock back", async () => {
    const { order, mpId } = await newOrder();
    const [kit] = await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.numericId, KIT));
    const now = new Date(order.pixExpiresAt.getTime() + 1000);
    // Earlier tests' unpaid orders may be just as overdue: each one the poller cancels gives its kits back too.
    const kitsOfPending = sql`
      select o.id, sum(i.quantity)::int as quantity from order_items i join orders o on o.id = i.order_id
      where o.status = 'pending_payment' and i.stock_reserved and i.product_id = (select id from products where numeric_id = ${KIT})
      group by o.id`;
    const before = (await ctx.t.db.execute<{ id: string; quantity: number }>(kitsOfPending)).rows;
    await reconcilePayments(ctx.t.services, { now });
    expect(fake.payments.get(mpId)!.status).toBe("cancelled");
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await paymentOf(order.id)).toMatchObject({ status: "expired" });
    const stillPending = new Set((await ctx.t.db.execute<{ id: string }>(kitsOfPending)).rows.map((row) => row.id));
    const released = before.filter((row) => !stillPending.has(row.id));
    expect(released.map((row) => row.id)).toContain(order.id);
    const [after] = await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.numericId, KIT));
    expect(after!.stock).toBe(kit!.stock! + released.reduce((total, row) => total + row.quantity, 0));
  });

  it("a payment after the local expiry re-reserves the stock and pays the order", async () => {
    const { order, mpId } = await newOrder();
    // The provider could not be reached in time: the expiry job's fallback cancelled the order here.
    await expirePendingOrders(ctx.t.services, { now: new Date(order.pixExpiresAt.getTime() + PROVIDER_EXPIRY_GRACE_MS + 1000) });
    expect(await statusOf(order.id)).toBe("cancelled");
    const [before] = await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.numericId, KIT));
    await fake.approve(mpId);
    expect(await statusOf(order.id)).toBe("paid");
    const [after] = await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.numericId, KIT));
    expect(after!.stock).toBe(before!.stock! - 1);
    const history = await ctx.t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((entry) => `${entry.fromStatus}→${entry.toStatus}`)).toEqual(
      expect.arrayContaining(["pending_payment→cancelled", "cancelled→pending_payment", "pending_payment→paid"]),
    );
  });

  it("a payment after the local expiry with the stock gone is refunded automatically and the admins are told", async () => {
    const { order, mpId } = await newOrder();
    await expirePendingOrders(ctx.t.services, { now: new Date(order.pixExpiresAt.getTime() + PROVIDER_EXPIRY_GRACE_MS + 1000) });
    const [kit] = await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.numericId, KIT));
    await ctx.t.db.update(products).set({ stock: 0 }).where(eq(products.numericId, KIT));
    try {
      await fake.approve(mpId);
    } finally {
      await ctx.t.db.update(products).set({ stock: kit!.stock }).where(eq(products.numericId, KIT));
    }
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(fake.payments.get(mpId)!.status).toBe("refunded");
    expect(await paymentOf(order.id)).toMatchObject({ status: "refunded", problem: "paid_after_expiry" });
    const alert = await ctx.mail.waitFor(adminEmail, (m) => m.subject.includes(`#${order.number}`) && m.text.includes("depois do prazo"));
    expect(alert.text).toContain("devolvido automaticamente");
    await ctx.mail.waitFor(customerEmail, (m) => m.subject.startsWith("Pagamento reembolsado") && m.text.includes(`#${order.number}`));
  });
});

describe("Mercado Pago: a provider that does not answer", () => {
  // Decision 045 replaced the 409 (nothing saved) with an order saved first: the checkout still gives up
  // on the provider within the bound, and says in Portuguese that the Pix is late (the job keeps trying).
  it("checkout gives up on the provider within the bound: the order is saved, its page says the Pix is late; a webhook and the poller change nothing", async () => {
    const { order, mpId } = await newOrder();
    await fake.approve(mpId, { notify: false });
    fake.hang = true;
    try {
      // The notification is authentic, but the read-back times out: 200 (the poller reads later), nothing paid.
      const delivery = await fake.notify(mpId, "payment.updated");
      expect(delivery.status).toBe(200);
      expect(await statusOf(order.id)).toBe("pending_payment");
      expect(await reconcilePayments(ctx.t.services, { now: new Date(Date.now() + 60_000) })).toBe(0);
      expect(await statusOf(order.id)).toBe("pending_payment");

      await giveCart(ctx.t.db, customerId, KIT);
      const before = await ctx.t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customerId));
      const started = Date.now();
      const response = await ctx.request("/api/checkout/orders", {
        browser: customer,
        json: {
          idempotencyKey: crypto.randomUUID(),
          address: CHECKOUT_ADDRESS,
          saveAddress: false,
          shippingMethod: "pac",
          confirmAdult: true,
          acceptTerms: true,
        },
      });
      expect(response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(800 + 2000);
      const { orderId } = (await response.json()) as { orderId: string };
      const page = (await (await ctx.request(`/api/orders/${orderId}`, { browser: customer })).json()) as {
        status: string;
        pix: unknown;
        pixGeneration: string | null;
      };
      expect(page).toMatchObject({ status: "pending_payment", pix: null, pixGeneration: "failed" });
      const after = await ctx.t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customerId));
      expect(after).toHaveLength(before.length + 1);
      expect(await ctx.t.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
    } finally {
      fake.hang = false;
    }
    await reconcilePayments(ctx.t.services, { now: new Date(Date.now() + 60_000) });
    expect(await statusOf(order.id)).toBe("paid");
  });
});

describe("Mercado Pago: the admin", () => {
  it("sees the provider's ids and raw status (admins only), confirms by hand (audited), and the later webhook changes nothing more", async () => {
    const { order, mpId } = await newOrder();
    const adminBrowser = new Browser();
    expect((await ctx.signIn(adminEmail, undefined, adminBrowser)).status).toBe(200);

    expect((await ctx.request(`/api/admin/orders/${order.id}/payments`)).status).toBe(401);
    expect((await ctx.request(`/api/admin/orders/${order.id}/payments`, { browser: customer })).status).toBe(403);
    const view = await ctx.request(`/api/admin/orders/${order.id}/payments`, { browser: adminBrowser });
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({
      confirmedBy: "webhook",
      payments: [{ provider: "mercadopago", providerChargeId: String(mpId), txid: order.pixTxid, status: "pending", providerStatus: null }],
    });

    const confirmed = await ctx.request(`/api/admin/orders/${order.id}/confirm-payment`, { browser: adminBrowser, json: {} });
    expect(confirmed.status).toBe(200);
    const entries = await auditEntries(ctx, adminBrowser, "order", order.id);
    expect(entries.map((entry) => entry.action)).toContain("order.confirm_payment");

    await fake.approve(mpId);
    expect(await statusOf(order.id)).toBe("paid");
    expect(await paidTransitions(order.id)).toHaveLength(1);
    expect(await paymentOf(order.id)).toMatchObject({ status: "paid", providerStatus: "approved/accredited" });
  });
});
