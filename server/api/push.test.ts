import { eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#platform/db/tables/orders.ts";
import { pushSubscriptions } from "#platform/db/tables/push.ts";
import { paidOrderPush, returnRequestedPush } from "#domain/orders/order-pushes.ts";
import { encodePushMessage, testPush } from "#domain/push/push-messages.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { PUSH_PAYLOAD_LIMIT_BYTES, payloadBytes } from "#platform/push/web-push.ts";
import { type AuthTestContext, type Browser, createAuthTestContext, PASSWORD, PUBLIC_URL, uniqueEmail } from "#test/auth-helpers.ts";
import { startMercadoPagoFake, type MercadoPagoFake } from "#test/fakes/mercadopago-fake.ts";
import { startFakePushService, type FakePushDevice, type FakePushService } from "#test/fakes/push-service-fake.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";
import { checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 31: the owner's phone is told at once. The shop runs with its real job worker, paid by
 * Mercado Pago's local fake through the signed webhook, and sends to a local push service over
 * HTTPS that checks the VAPID JWT and decrypts each message with the device's keys, so these tests
 * read what the phone would show.
 */

const KIT = 4;
let ctx: AuthTestContext;
let mercadoPago: MercadoPagoFake;
let pushService: FakePushService;
let front: { url: string; close(): Promise<void> };
let owner: Browser;
let customer: Browser;
let customerId: string;
const ownerEmail = uniqueEmail("dona");
const customerEmail = uniqueEmail("cliente-push");

beforeAll(async () => {
  mercadoPago = await startMercadoPagoFake();
  pushService = await startFakePushService();
  ctx = await createAuthTestContext({
    PIX_PROVIDER: "mercadopago",
    MERCADOPAGO_API_URL: mercadoPago.url,
    MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
    PUSH_CA_FILE: pushService.caFile,
    VAPID_SUBJECT: "mailto:dona@lojamicologia.com.br",
  });
  front = await serveOnLoopback(ctx.app as unknown as Hono);
  mercadoPago.deliverTo = front.url;
  await ctx.makeAdmin(ownerEmail);
  owner = await ctx.customer(ownerEmail);
  customer = await ctx.customer(customerEmail);
  customerId = await ctx.userId(customerEmail);
});

afterAll(async () => {
  await front?.close();
  await ctx?.close();
  await mercadoPago?.close();
  await pushService?.close();
});

// Each test starts with no owner device, so it counts only its own.
afterEach(async () => {
  await ctx.t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.audience, "owner"));
});

/** The owner's phone turning notifications on: its browser subscription posted to the shop. */
async function ownerDevice(label: string): Promise<{ device: FakePushDevice; id: string }> {
  const device = pushService.subscribe();
  const response = await ctx.request("/api/admin/push/devices", { browser: owner, json: { ...device.toJSON(), deviceLabel: label } });
  expect(response.status).toBe(201);
  return { device, id: ((await response.json()) as { id: string }).id };
}

async function paidByWebhook() {
  await giveCart(ctx.t.db, customerId, KIT);
  const orderId = await checkOut(ctx, customer);
  const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
  const [delivery] = await mercadoPago.approve(Number(await chargeIdOf(orderId)));
  expect(delivery!.status).toBe(200);
  return order!;
}

async function chargeIdOf(orderId: string): Promise<string> {
  const { rows } = await ctx.t.db.execute<{ id: string }>(sql`select provider_charge_id as id from payments where order_id = ${orderId}`);
  return rows[0]!.id;
}

/** Waits until no push job is waiting or running (a second message would have been sent by now). */
async function pushQueueDrained(): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const { rows } = await ctx.t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'send-push' and j.attempts < j.max_attempts`);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the push queue did not drain in 15 s");
}

const shown = (text: string) => (JSON.parse(text) as { notification: { title: string; body: string; navigate: string } }).notification;

describe("the owner's pushes", () => {
  it("a Pix paid through the webhook: one message per owner device, with the order's text and link; the repeated webhook sends none", async () => {
    const phone = await ownerDevice("Celular da dona");
    const tablet = await ownerDevice("Tablet do balcão");
    const order = await paidByWebhook();
    await pushQueueDrained();
    const forOrder = pushService.received.filter((push) => push.text.includes(order.id));
    expect(forOrder.map((push) => push.device).sort()).toEqual([phone.device.id, tablet.device.id].sort());
    for (const push of forOrder) {
      expect(shown(push.text)).toMatchObject({
        title: `Pedido #${order.number} pago — ${formatBRL(order.totalCents)}`,
        navigate: `${PUBLIC_URL}/admin/pedidos?order=${order.id}`,
      });
      expect(push).toMatchObject({
        urgency: "high",
        ttl: 86400,
        topic: `pedido-${order.number}-pago`,
        subject: "mailto:dona@lojamicologia.com.br",
      });
    }
    expect(pushService.refusals).toEqual([]);

    // Mercado Pago delivers the same notification again: the order does not move, nothing is sent.
    expect((await mercadoPago.notify(Number(await chargeIdOf(order.id)), "payment.updated")).status).toBe(200);
    await pushQueueDrained();
    expect(pushService.received.filter((push) => push.text.includes(order.id))).toHaveLength(2);
  });

  it("a device the push service answers 410 for is deleted and never tried again", async () => {
    const { device, id } = await ownerDevice("Celular antigo");
    pushService.expire(device.id);
    await paidByWebhook();
    await pushQueueDrained();
    expect(pushService.attempts.get(device.id)).toBe(1);
    expect(await ctx.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toEqual([]);
    await paidByWebhook();
    await pushQueueDrained();
    expect(pushService.attempts.get(device.id)).toBe(1);
  });

  it("a service answering 429 is tried again after the queue's wait, and the message arrives once", async () => {
    const { device } = await ownerDevice("Celular ocupado");
    pushService.answer(device.id, [429]);
    const order = await paidByWebhook();
    await pushQueueDrained();
    expect(pushService.attempts.get(device.id)).toBe(2);
    expect(pushService.received.filter((push) => push.device === device.id && push.text.includes(order.id))).toHaveLength(1);
  }, 20_000);

  it("per-device choices: a device that turned paid orders off is not told of them", async () => {
    const quiet = await ownerDevice("Só devoluções");
    const choice = await ctx.request(`/api/admin/push/devices/${quiet.id}/events`, {
      browser: owner,
      method: "PUT",
      json: { events: ["return_requested"] },
    });
    expect(choice.status).toBe(200);
    expect(((await choice.json()) as { events: string[] }).events).toEqual(["return_requested"]);
    await paidByWebhook();
    await pushQueueDrained();
    expect(pushService.attempts.get(quiet.device.id)).toBeUndefined();
  });

  it("the test button reaches each of the owner's devices, and a removed device is told nothing", async () => {
    const kept = await ownerDevice("Celular");
    const removed = await ownerDevice("Notebook");
    const listed = await ctx.request("/api/admin/push/devices", { browser: owner });
    expect(((await listed.json()) as { devices: Array<{ deviceLabel: string }> }).devices.map((device) => device.deviceLabel)).toEqual([
      "Notebook",
      "Celular",
    ]);
    expect((await ctx.request(`/api/admin/push/devices/${removed.id}`, { browser: owner, method: "DELETE" })).status).toBe(204);
    const sent = await ctx.request("/api/admin/push/test", { browser: owner, json: {} });
    expect(await sent.json()).toEqual({ devices: 1 });
    await pushQueueDrained();
    expect(pushService.received.filter((push) => push.device === kept.device.id).map((push) => shown(push.text).title)).toEqual([
      "Notificações ativadas",
    ]);
    expect(pushService.attempts.get(removed.device.id)).toBeUndefined();
  });
});

describe("who may subscribe, and what", () => {
  it("a customer cannot add an owner's device; a malformed subscription is refused in Portuguese", async () => {
    const device = pushService.subscribe();
    expect((await ctx.request("/api/admin/push/devices", { browser: customer, json: device.toJSON() })).status).toBe(403);
    const bad = await ctx.request("/api/account/push/devices", {
      browser: customer,
      json: { ...device.toJSON(), keys: { p256dh: "curta", auth: device.keys.auth } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Chave do aparelho inválida");
    const plainHttp = await ctx.request("/api/account/push/devices", {
      browser: customer,
      json: { ...device.toJSON(), endpoint: "http://127.0.0.1/push/x" },
    });
    expect(plainHttp.status).toBe(400);
  });
});

describe("a customer's pushes", () => {
  it("off by default; turned on, the payment's bell text arrives as a push; account deletion removes the device", async () => {
    const email = uniqueEmail("cliente-com-push");
    const browser = await ctx.customer(email);
    const userId = await ctx.userId(email);
    const device = pushService.subscribe();
    const added = await ctx.request("/api/account/push/devices", { browser, json: device.toJSON() });
    expect(added.status).toBe(201);
    await giveCart(ctx.t.db, userId, KIT);
    const orderId = await checkOut(ctx, browser);
    await mercadoPago.approve(Number(await chargeIdOf(orderId)));
    await pushQueueDrained();
    const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    const titles = pushService.received.filter((push) => push.device === device.id).map((push) => shown(push.text));
    expect(titles).toContainEqual(
      expect.objectContaining({
        title: "Pagamento confirmado",
        body: `Recebemos o pagamento do pedido #${order!.number}. Agora vamos prepará-lo.`,
        navigate: `${PUBLIC_URL}/cliente?order=${orderId}`,
      }),
    );
    // The other customer never turned notifications on: none of their orders reached any device of theirs.
    expect(await ctx.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customerId))).toEqual([]);

    const deleted = await ctx.request("/api/account", { browser, method: "DELETE", json: { password: PASSWORD, confirmation: "EXCLUIR" } });
    expect(deleted.status).toBeLessThan(300);
    expect(await ctx.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([]);
  });
});

describe("the payload limit", () => {
  it("a message too large for the push services is refused here, not by a phone", () => {
    const essay = { ...testPush("/admin", "Loja Micologia"), body: "Cogumelos ".repeat(400) };
    expect(() => encodePushMessage(essay, PUBLIC_URL)).toThrow(/limite das notificações é 3993 bytes/);
  });

  it("the largest real messages stay far under the limit", () => {
    const order = { id: "ffffffff-ffff-ffff-ffff-ffffffffffff", number: 99_999_999, totalCents: 99_999_999_99 };
    for (const message of [paidOrderPush(order), returnRequestedPush(order, "return"), testPush("/admin", "Loja Micologia")]) {
      expect(payloadBytes(encodePushMessage(message, "https://uma-loja-de-nome-bem-comprido.com.br"))).toBeLessThan(
        PUSH_PAYLOAD_LIMIT_BYTES / 4,
      );
      expect(message.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
  });
});
