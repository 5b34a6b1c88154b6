import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { expirePendingOrders, sendRatingReminders } from "#domain/orders/order-jobs.server.ts";
import { lookupCep } from "#domain/shipping/cep-lookup.server.ts";
import { Browser, createAuthTestContext, PASSWORD, type AuthTestContext } from "#test/auth-helpers.ts";
import { cartItems, carts } from "#platform/db/tables/cart.ts";
import { products } from "#platform/db/tables/catalog.ts";
import { idempotencyKeys } from "#platform/db/tables/checkout.ts";
import { notifications } from "#platform/db/tables/notifications.ts";
import { orderRefunds, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { requestHash } from "#platform/request-hash.ts";
import { placeOrderSchema } from "#domain/checkout/checkout-schemas.ts";
import { realtimeBus, userTopic, type RealtimeMessage } from "#platform/realtime/bus.ts";
import { CHECKOUT_ADDRESS as ADDRESS } from "#test/builders.ts";

/*
 * Issue 6 "Done when", on a real PostgreSQL: placing orders (re-priced, idempotent, never oversold),
 * Pix expiry, access rules, admin actions, Portuguese validation, notifications and the CEP adapter
 * against a local fake speaking ViaCEP's JSON.
 */

const DRIED = productUuid(2); // Penis Envy 7, by the gram, stock 600 g
const KIT = productUuid(4); // liquid-culture kit, by the unit, stock 25
const COURSE = productUuid(201); // course: no shipping, no stock

type ErrorJson = { error: { code: string; message: string } };
type OrderJson = {
  id: string;
  number: number;
  status: string;
  subtotalCents: number;
  packagingCents: number;
  shippingCents: number;
  totalCents: number;
  pix: { code: string; txid: string; expiresAt: string } | null;
  items: { productId: string; quantity: number; totalPriceCents: number; packagingFeeCents: number }[];
  history: { fromStatus: string | null; toStatus: string; note: string | null; createdAt: string }[];
  trackingCode: string | null;
  withdrawalRequestedAt: string | null;
  withdrawalOpen: boolean;
  withdrawalMode: "cancel" | "return" | null;
  refund: { amountCents: number; shippingCents: number; createdAt: string } | null;
  cancelReason: string | null;
};

let ctx: AuthTestContext;
let viaCep: Server;
let viaCepUrl: string;
let customerCounter = 0;
const ADMIN_EMAIL = `admin-pedidos-${Date.now().toString(36)}@example.com`;
let admin: Browser;

beforeAll(async () => {
  // A local fake of ViaCEP: its documented answers for a known CEP, an unknown one ({"erro": "true"}), and a slow one.
  viaCep = createServer((request, response) => {
    const cep = /\/ws\/(\d{8})\/json\/$/.exec(request.url ?? "")?.[1];
    if (cep === "01310100") {
      response.setHeader("content-type", "application/json; charset=utf-8");
      response.end(
        JSON.stringify({
          cep: "01310-100",
          logradouro: "Avenida Paulista",
          complemento: "de 612 a 1510 - lado par",
          unidade: "",
          bairro: "Bela Vista",
          localidade: "São Paulo",
          uf: "SP",
          estado: "São Paulo",
          regiao: "Sudeste",
          ibge: "3550308",
          gia: "1004",
          ddd: "11",
          siafi: "7107",
        }),
      );
    } else if (cep === "22222222") {
      setTimeout(() => response.end("{}"), 3000);
    } else if (cep) {
      response.setHeader("content-type", "application/json; charset=utf-8");
      response.end(JSON.stringify({ erro: "true" }));
    } else {
      response.statusCode = 400;
      response.end("<h1>Erro 400</h1>");
    }
  });
  await new Promise<void>((resolve) => viaCep.listen(0, "127.0.0.1", resolve));
  viaCepUrl = `http://127.0.0.1:${(viaCep.address() as AddressInfo).port}/ws`;
  ctx = await createAuthTestContext({ CEP_LOOKUP_URL: viaCepUrl, CEP_LOOKUP_TIMEOUT_MS: "300" });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await signedUpCustomer(ADMIN_EMAIL);
}, 60_000);

afterAll(async () => {
  viaCep?.closeAllConnections();
  await new Promise((resolve) => viaCep?.close(resolve));
  await ctx?.close();
});

/** A verified, signed-in customer; each from its own address, so sign-up rate limits stay out of the way. */
async function signedUpCustomer(email = `cliente-pedidos-${Date.now().toString(36)}-${++customerCounter}@example.com`): Promise<Browser> {
  const browser = new Browser(`198.51.100.${(customerCounter % 250) + 1}`);
  expect((await ctx.signUp(email, { browser })).status).toBe(200);
  expect((await ctx.verify(email, browser)).status).toBe(302);
  return browser;
}

async function emailOf(browser: Browser): Promise<string> {
  const session = (await (await ctx.request("/api/auth/get-session", { browser })).json()) as { user: { email: string; id: string } };
  return session.user.email;
}

async function userIdOf(browser: Browser): Promise<string> {
  return ctx.userId(await emailOf(browser));
}

type Line = { productId: string; quantity: number; packaging?: boolean };

/** The cart API belongs to issue 5: tests write the rows, with deliberately wrong prices. */
async function giveCart(browser: Browser, lines: Line[]): Promise<string> {
  const userId = await userIdOf(browser);
  const [cart] = await ctx.t.db.insert(carts).values({ userId, status: "active" }).returning({ id: carts.id });
  for (const line of lines) {
    const [product] = await ctx.t.db.select().from(products).where(eq(products.id, line.productId));
    await ctx.t.db.insert(cartItems).values({
      cartId: cart!.id,
      productId: line.productId,
      productName: product!.name,
      quantity: line.quantity,
      unitPriceCents: 1,
      totalPriceCents: 1,
      unitType: product!.unitType,
      metadata: { packaging: { enabled: line.packaging ?? false, fee_amount: 0, sachet_count: 0 } },
    });
  }
  return cart!.id;
}

const placeBody = (extra: Record<string, unknown> = {}) => ({
  idempotencyKey: crypto.randomUUID(),
  address: ADDRESS,
  shippingMethod: "pac",
  confirmAdult: true,
  acceptTerms: true,
  ...extra,
});

const place = (browser: Browser, body: Record<string, unknown>) => ctx.request("/api/checkout/orders", { browser, json: body });

async function orderOf(browser: Browser, id: string): Promise<OrderJson> {
  const response = await ctx.request(`/api/orders/${id}`, { browser });
  expect(response.status).toBe(200);
  return (await response.json()) as OrderJson;
}

async function stockOf(id: string): Promise<number | null> {
  const [row] = await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

describe("placing an order", () => {
  it("re-prices on the server (tampered cart prices and body totals ignored), reserves stock, creates Pix, notifies, moves the cart", async () => {
    const customer = await signedUpCustomer();
    const userId = await userIdOf(customer);
    const cartId = await giveCart(customer, [
      { productId: DRIED, quantity: 50, packaging: true },
      { productId: COURSE, quantity: 1 },
    ]);
    const stockBefore = await stockOf(DRIED);
    const received: RealtimeMessage[] = [];
    const bus = realtimeBus(ctx.t.db);
    const unsubscribe = bus.subscribe([userTopic(userId)], (message) => received.push(message));
    await bus.ready();

    const response = await place(
      customer,
      placeBody({ totalCents: 1, subtotalCents: 1, shippingCents: 0, items: [{ productId: DRIED, unitPriceCents: 1 }] }),
    );
    expect(response.status).toBe(201);
    const placed = (await response.json()) as { orderId: string; number: number; replayed: boolean };
    expect(placed.replayed).toBe(false);
    expect(placed.number).toBeGreaterThanOrEqual(10001);

    const order = await orderOf(customer, placed.orderId);
    // 50 g: R$ 500,00 (spec §9 table) + packaging 25 sachets × R$ 1,00; course R$ 297,00; PAC to SP R$ 18,90.
    expect(order).toMatchObject({ status: "pending_payment", subtotalCents: 500_00 + 297_00, packagingCents: 25_00, shippingCents: 18_90 });
    expect(order.totalCents).toBe(500_00 + 297_00 + 25_00 + 18_90);
    expect(order.pix!.code).toContain(`54${String("840.90".length).padStart(2, "0")}840.90`);
    expect(order.pix!.code).toContain(`PEDIDO${placed.number}`);
    expect(Date.parse(order.pix!.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(order.history.map((h) => h.toStatus)).toEqual(["pending_payment"]);
    expect(await stockOf(DRIED)).toBe(stockBefore! - 50);
    const [cart] = await ctx.t.db.select({ status: carts.status }).from(carts).where(eq(carts.id, cartId));
    expect(cart!.status).toBe("pending_payment");

    const mine = await ctx.t.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(mine.map((n) => n.type)).toEqual(["order_created"]);
    const adminId = await userIdOf(admin);
    const forAdmin = await ctx.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.orderId, placed.orderId)));
    expect(forAdmin.map((n) => n.type)).toEqual(["admin_new_order"]);

    // The notification, and the cart's status change for the customer's other tabs (issue 5's event).
    await expect.poll(() => received.map((m) => m.type).sort()).toEqual(["cart.changed", "notification"]);
    expect(received.find((m) => m.type === "notification")!.data).toMatchObject({
      type: "order_created",
      order_id: placed.orderId,
      read: false,
    });
    expect(received.find((m) => m.type === "cart.changed")!.data).toMatchObject({ cartId, reason: "status" });
    unsubscribe();

    const mail = await ctx.mail.waitFor(await emailOf(customer), (m) => m.subject.startsWith(`Pedido #${placed.number} recebido`));
    expect(mail.text).toContain(`/cliente?order=${placed.orderId}`);
  });

  it("20 concurrent orders for the last unit of stock give exactly one order", async () => {
    onTestFinished(async () => {
      await ctx.t.db.update(products).set({ stock: 25 }).where(eq(products.id, KIT));
    });
    await ctx.t.db.update(products).set({ stock: 1 }).where(eq(products.id, KIT));
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await signedUpCustomer());
    for (const buyer of buyers) await giveCart(buyer, [{ productId: KIT, quantity: 1 }]);

    const responses = await Promise.all(buyers.map((buyer) => place(buyer, placeBody())));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = (await responses.find((r) => r.status === 409)!.json()) as ErrorJson;
    expect(refused.error.code).toBe("out_of_stock");
    expect(refused.error.message).toContain("Estoque insuficiente");
    expect(await stockOf(KIT)).toBe(0);
    const [{ count }] = (
      await ctx.t.db.execute<{ count: number }>(sql`select count(*)::int as count from order_items where product_id = ${KIT}`)
    ).rows as [{ count: number }];
    expect(count).toBe(1);
  }, 120_000);

  it("10 parallel submits of one checkout give one order; a retry replays it; another key finds the cart taken", async () => {
    const customer = await signedUpCustomer();
    await giveCart(customer, [{ productId: COURSE, quantity: 1 }]);
    const body = placeBody({ address: undefined, shippingMethod: undefined });
    const responses = await Promise.all(Array.from({ length: 10 }, () => place(customer, body)));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<
      { orderId?: string; replayed?: boolean } & Partial<ErrorJson>
    >;
    // One submit creates the order; one that comes after it has committed replays its answer (the
    // same 201, `replayed: true`, issue 16 item 3); one that comes while it runs answers 409.
    const created = bodies.filter((body, i) => responses[i]!.status === 201 && body.replayed === false);
    expect(created).toHaveLength(1);
    const orderId = created[0]!.orderId!;
    for (const [i, response] of responses.entries()) {
      expect([201, 409]).toContain(response.status);
      if (response.status === 201) expect(bodies[i]).toMatchObject({ orderId });
      if (response.status === 409) expect(bodies[i]!.error!.code).toBe("checkout_in_progress");
    }
    const userId = await userIdOf(customer);
    expect(await ctx.t.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);

    // The same key answers what the first submit answered.
    const retry = await place(customer, body);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toMatchObject({ orderId, replayed: true });

    const other = await place(customer, { ...body, idempotencyKey: crypto.randomUUID() });
    expect(other.status).toBe(409);
    expect(((await other.json()) as ErrorJson).error.code).toBe("cart_already_ordered");
  });

  it("a key left by a crash, retried from ten tabs at once, still replays its one order afterwards: each attempt removes only its own claim", async () => {
    const customer = await signedUpCustomer();
    const userId = await userIdOf(customer);
    await giveCart(customer, [{ productId: COURSE, quantity: 1 }]);
    const body = placeBody({ address: undefined, shippingMethod: undefined });
    const { idempotencyKey, ...fields } = placeOrderSchema.parse(body);
    // The crash: this very request claimed the key three minutes ago and died before its order was saved.
    await ctx.t.db
      .insert(idempotencyKeys)
      .values({ userId, key: idempotencyKey, requestHash: requestHash(fields), createdAt: new Date(Date.now() - 3 * 60_000) });

    const responses = await Promise.all(Array.from({ length: 10 }, () => place(customer, body)));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<
      { orderId?: string; replayed?: boolean } & Partial<ErrorJson>
    >;
    const created = bodies.filter((answer, i) => responses[i]!.status === 201 && answer.replayed === false);
    expect(created).toHaveLength(1);
    const orderId = created[0]!.orderId!;
    for (const [i, response] of responses.entries()) {
      expect([201, 409]).toContain(response.status);
      if (response.status === 201) expect(bodies[i]).toMatchObject({ orderId });
      if (response.status === 409) expect(bodies[i]!.error!.code).toBe("checkout_in_progress");
    }
    expect(await ctx.t.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);

    // The eleventh retry replays that one order: the key still holds it.
    const eleventh = await place(customer, body);
    expect(eleventh.status).toBe(201);
    expect(await eleventh.json()).toMatchObject({ orderId, replayed: true });
    const [key] = await ctx.t.db
      .select({ orderId: idempotencyKeys.orderId })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
    expect(key?.orderId).toBe(orderId);
  });

  it("refuses a key reused with another request (422), before and after its order exists, and still replays the first", async () => {
    const customer = await signedUpCustomer();
    await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const body = placeBody({ shippingMethod: "sedex" });
    const first = await place(customer, body);
    expect(first.status).toBe(201);
    const { orderId } = (await first.json()) as { orderId: string };

    for (const changed of [{ shippingMethod: "pac" }, { address: { ...ADDRESS, number: "2000" } }, { saveAddress: true }]) {
      const reused = await place(customer, { ...body, ...changed });
      expect(reused.status, JSON.stringify(changed)).toBe(422);
      expect(((await reused.json()) as ErrorJson).error).toEqual({
        code: "idempotency_key_reused",
        message: "Esta tentativa de compra já foi enviada com outros dados. Recarregue a página e confira o pedido.",
      });
    }
    // The same request under the same key is still a replay of the first answer.
    const retry = await place(customer, body);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toMatchObject({ orderId, replayed: true });
    expect(
      await ctx.t.db
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdOf(customer))),
    ).toHaveLength(1);
  });

  it("refuses an invalid CEP, CPF, phone and UF with Portuguese messages, and asks for the address of physical items", async () => {
    const customer = await signedUpCustomer();
    await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const invalid = await place(
      customer,
      placeBody({ address: { ...ADDRESS, cep: "123", cpf: "111.111.111-11", phone: "99", state: "ZZ" } }),
    );
    expect(invalid.status).toBe(400);
    const message = ((await invalid.json()) as ErrorJson).error.message;
    expect(message).toContain("address.cep: O CEP tem 8 dígitos");
    expect(message).toContain("address.cpf: CPF inválido");
    expect(message).toContain("address.phone: Informe o telefone com DDD");
    expect(message).toContain("address.state: Escolha o estado (UF).");

    const noTerms = await place(customer, placeBody({ acceptTerms: false, confirmAdult: false }));
    expect(((await noTerms.json()) as ErrorJson).error.message).toContain("Confirme que você tem 18 anos ou mais.");

    const noAddress = await place(customer, placeBody({ address: undefined }));
    expect(noAddress.status).toBe(400);
    expect(await noAddress.json()).toEqual({ error: { code: "address_required", message: "Informe o endereço de entrega." } });
  });
});

describe("Pix expiry", () => {
  it("cancels an expired unpaid order, releases its stock and gives the cart back", async () => {
    const customer = await signedUpCustomer();
    const cartId = await giveCart(customer, [{ productId: KIT, quantity: 2 }]);
    const before = await stockOf(KIT);
    const placed = (await (await place(customer, placeBody({ shippingMethod: "sedex" }))).json()) as { orderId: string };
    expect(await stockOf(KIT)).toBe(before! - 2);

    expect(await expirePendingOrders(ctx.t.services)).toBe(0);
    // Its 30 minutes are over (other tests' orders keep theirs).
    await ctx.t.db
      .update(orders)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.orderId));
    expect(await expirePendingOrders(ctx.t.services)).toBe(1);

    const order = await orderOf(customer, placed.orderId);
    expect(order.status).toBe("cancelled");
    expect(order.pix).toBeNull();
    expect(order.history.map((h) => h.toStatus)).toEqual(["pending_payment", "cancelled"]);
    expect(await stockOf(KIT)).toBe(before);
    const [cart] = await ctx.t.db.select({ status: carts.status }).from(carts).where(eq(carts.id, cartId));
    expect(cart!.status).toBe("active");
    const userId = await userIdOf(customer);
    const types = (await ctx.t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.type).sort();
    expect(types).toEqual(["order_created", "payment_status_changed"]);
  });

  it("the API reads an overdue order as cancelled at once (the pages: app/routes/order-pages.test.ts)", async () => {
    const customer = await signedUpCustomer();
    await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const before = await stockOf(KIT);
    const placed = (await (await place(customer, placeBody({ shippingMethod: "sedex" }))).json()) as { orderId: string };
    expect(await stockOf(KIT)).toBe(before! - 1);
    // Its countdown reached zero; the job (every 30 s) has not run yet.
    await ctx.t.db
      .update(orders)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.orderId));
    expect((await orderOf(customer, placed.orderId)).status).toBe("cancelled");
    expect(await stockOf(KIT)).toBe(before);
  });
});

describe("access", () => {
  it("another customer's order is 404; admin actions are 403 for customers and 401 for visitors", async () => {
    const owner = await signedUpCustomer();
    const intruder = await signedUpCustomer();
    await giveCart(owner, [{ productId: COURSE, quantity: 1 }]);
    const { orderId } = (await (await place(owner, placeBody({ address: undefined, shippingMethod: undefined }))).json()) as {
      orderId: string;
    };

    expect((await ctx.request(`/api/orders/${orderId}`, { browser: intruder })).status).toBe(404);
    expect((await ctx.request(`/api/orders/${crypto.randomUUID()}`, { browser: owner })).status).toBe(404);
    expect((await ctx.request(`/api/orders/not-a-uuid`, { browser: owner })).status).toBe(404);
    const list = (await (await ctx.request("/api/orders", { browser: intruder })).json()) as { orders: unknown[] };
    expect(list.orders).toEqual([]);

    for (const browser of [owner, intruder]) {
      expect((await ctx.request("/api/admin/orders", { browser })).status).toBe(403);
      expect((await ctx.request(`/api/admin/orders/${orderId}`, { browser })).status).toBe(403);
      expect((await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser, method: "POST" })).status).toBe(403);
      expect((await ctx.request(`/api/admin/orders/${orderId}/cancel`, { browser, json: {} })).status).toBe(403);
    }
    expect((await ctx.request(`/api/orders/${orderId}`)).status).toBe(401);
    expect((await ctx.request("/api/admin/orders")).status).toBe(401);
  });
});

describe("admin actions", () => {
  it("confirms payment, adds a checked tracking code, enforces transitions and keeps the history", async () => {
    const customer = await signedUpCustomer();
    const cartId = await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const { orderId } = (await (await place(customer, placeBody())).json()) as { orderId: string };

    const list = (await (await ctx.request("/api/admin/orders?status=pending_payment", { browser: admin })).json()) as {
      orders: { id: string }[];
    };
    expect(list.orders.map((o) => o.id)).toContain(orderId);
    expect((await ctx.request("/api/admin/orders?status=nada", { browser: admin })).status).toBe(400);

    const early = await ctx.request(`/api/admin/orders/${orderId}/tracking`, { browser: admin, json: { trackingCode: "RR123456785BR" } });
    expect(early.status).toBe(409);

    const paid = await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: admin, method: "POST" });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as OrderJson).status).toBe("paid");
    const [cart] = await ctx.t.db.select({ status: carts.status }).from(carts).where(eq(carts.id, cartId));
    expect(cart!.status).toBe("completed");
    expect((await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(409);

    const bad = await ctx.request(`/api/admin/orders/${orderId}/tracking`, { browser: admin, json: { trackingCode: "RR123456784BR" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).error.message).toContain("Código de rastreio inválido");

    const shipped = await ctx.request(`/api/admin/orders/${orderId}/tracking`, { browser: admin, json: { trackingCode: "rr123456785br" } });
    expect(shipped.status).toBe(200);
    expect(await shipped.json()).toMatchObject({ status: "shipped", trackingCode: "RR123456785BR" });

    const back = await ctx.request(`/api/admin/orders/${orderId}/status`, { browser: admin, json: { status: "preparing" } });
    expect(back.status).toBe(409);
    expect((await ctx.request(`/api/admin/orders/${orderId}/cancel`, { browser: admin, json: {} })).status).toBe(409);
    const delivered = await ctx.request(`/api/admin/orders/${orderId}/status`, { browser: admin, json: { status: "delivered" } });
    expect(delivered.status).toBe(200);

    const order = await orderOf(customer, orderId);
    expect(order.history.map((h) => h.toStatus)).toEqual(["pending_payment", "paid", "preparing", "shipped", "delivered"]);
    const userId = await userIdOf(customer);
    const types = (await ctx.t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.type).sort();
    expect(types).toEqual(["order_created", "order_status_changed", "order_status_changed", "payment_status_changed", "tracking_added"]);

    expect(await sendRatingReminders(ctx.t.services, { now: new Date(Date.now() + 4 * 24 * 3600_000) })).toBeGreaterThanOrEqual(1);
    const reminders = await ctx.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "rating_reminder")));
    expect(reminders).toHaveLength(1);
  });

  it("cancelling a paid order gives the stock back", async () => {
    const customer = await signedUpCustomer();
    await giveCart(customer, [{ productId: KIT, quantity: 3 }]);
    const before = await stockOf(KIT);
    const { orderId } = (await (await place(customer, placeBody())).json()) as { orderId: string };
    await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: admin, method: "POST" });
    const cancelled = await ctx.request(`/api/admin/orders/${orderId}/cancel`, { browser: admin, json: { reason: "Pedido duplicado" } });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: "cancelled", cancelReason: "Pedido duplicado" });
    expect(await stockOf(KIT)).toBe(before);
  });
});

describe("LGPD", () => {
  it("the data export lists the orders; deleting the account keeps a finished order without the person", async () => {
    const customer = await signedUpCustomer();
    await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const { orderId } = (await (await place(customer, placeBody())).json()) as { orderId: string };
    const exported = (await (await ctx.request("/api/account/export", { browser: customer })).json()) as {
      orders: { id: string; items: unknown[] }[];
    };
    expect(exported.orders.map((o) => o.id)).toEqual([orderId]);
    expect(exported.orders[0]!.items).toHaveLength(1);
    // Cancelled, so finished: its person goes at once (one still in progress keeps them until it is
    // done, issue 28 item 11: domain/account/account-deletion.server.test.ts).
    const cancelled = await ctx.request(`/api/admin/orders/${orderId}/cancel`, { browser: admin, json: { reason: "Pedido duplicado" } });
    expect(cancelled.status).toBe(200);
    const userId = await userIdOf(customer);
    const attempts = () => ctx.t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    expect(await attempts()).toHaveLength(1);

    const deleted = await ctx.request("/api/account", {
      browser: customer,
      method: "DELETE",
      json: { password: PASSWORD, confirmation: "EXCLUIR" },
    });
    expect(deleted.status).toBe(204);
    const [row] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      userId: null,
      customerName: "Conta excluída",
      customerEmail: "",
      shippingAddress: null,
      totalCents: 89_90 + 18_90,
    });
    // The checkout forgets the person's attempts in the deletion's transaction (checkout's forgetCheckoutAttempts).
    expect(await attempts()).toEqual([]);
  });
});

describe("notifications API", () => {
  it("lists the 20 newest, counts unread with the 60 s rule, marks one and all read, and hides other users' rows", async () => {
    const customer = await signedUpCustomer();
    const other = await signedUpCustomer();
    const userId = await userIdOf(customer);
    const orderA = crypto.randomUUID();
    const base = Date.now() - 3600_000;
    const at = (seconds: number) => new Date(base + seconds * 1000);
    await ctx.t.db.insert(notifications).values([
      // Three order_status_changed of one order within 60 s: one. A fourth 2 minutes later: another.
      { userId, type: "order_status_changed", title: "a", content: "a", orderId: orderA, createdAt: at(0) },
      { userId, type: "order_status_changed", title: "b", content: "b", orderId: orderA, createdAt: at(20) },
      { userId, type: "order_status_changed", title: "c", content: "c", orderId: orderA, createdAt: at(59) },
      { userId, type: "order_status_changed", title: "d", content: "d", orderId: orderA, createdAt: at(180) },
      // Another type of the same order: its own.
      { userId, type: "tracking_added", title: "e", content: "e", orderId: orderA, createdAt: at(10) },
      ...Array.from({ length: 20 }, (_, i) => ({
        userId,
        type: "rating_reminder" as const,
        title: `r${i}`,
        content: "r",
        orderId: null,
        read: true,
        createdAt: at(-1000 - i),
      })),
    ]);
    const count = async (browser = customer) =>
      ((await (await ctx.request("/api/notifications/unread-count", { browser })).json()) as { count: number }).count;
    expect(await count()).toBe(3);

    const list = (await (await ctx.request("/api/notifications", { browser: customer })).json()) as {
      notifications: { id: string; title: string; created_at: string }[];
    };
    expect(list.notifications).toHaveLength(20);
    expect(list.notifications[0]!.title).toBe("d");
    expect(Object.keys(list.notifications[0]!).sort()).toEqual(["content", "created_at", "id", "order_id", "read", "title", "type"]);

    const newest = list.notifications[0]!.id;
    expect((await ctx.request(`/api/notifications/${newest}/read`, { browser: other, method: "POST" })).status).toBe(404);
    expect((await ctx.request(`/api/notifications/${newest}/read`, { browser: customer, method: "POST" })).status).toBe(204);
    expect(await count()).toBe(2);
    const all = await ctx.request("/api/notifications/read-all", { browser: customer, method: "POST" });
    expect(await all.json()).toEqual({ updated: 4 });
    expect(await count()).toBe(0);
    expect((await ctx.request("/api/notifications")).status).toBe(401);
  });
});

describe("CEP lookup and shipping quotes", () => {
  it("reads ViaCEP's answer, tells not-found from unavailable, and gives up after the timeout", async () => {
    const options = { baseUrl: viaCepUrl, timeoutMs: 300 };
    expect(await lookupCep("01310-100", options)).toEqual({
      ok: true,
      address: {
        cep: "01310100",
        street: "Avenida Paulista",
        complement: "de 612 a 1510 - lado par",
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
      },
    });
    expect(await lookupCep("99999999", options)).toEqual({ ok: false, reason: "not_found" });
    const started = Date.now();
    expect(await lookupCep("22222222", options)).toEqual({ ok: false, reason: "unavailable" });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await lookupCep("01310100", { baseUrl: "http://127.0.0.1:1/ws", timeoutMs: 300 })).toEqual({ ok: false, reason: "unavailable" });
    expect(await lookupCep("01310100", { baseUrl: "off", timeoutMs: 300 })).toEqual({ ok: false, reason: "unavailable" });
  });

  it("serves the lookup and the PAC/SEDEX quote to signed-in customers, in Portuguese on bad input", async () => {
    const customer = await signedUpCustomer();
    const found = await ctx.request("/api/checkout/cep-lookup", { browser: customer, json: { cep: "01310-100" } });
    expect(await found.json()).toMatchObject({ ok: true, address: { city: "São Paulo", state: "SP" } });
    const bad = await ctx.request("/api/checkout/cep-lookup", { browser: customer, json: { cep: "0131" } });
    expect(bad.status).toBe(400);
    // One period at the end, not the message's own plus the sentence's.
    expect(((await bad.json()) as ErrorJson).error.message).toBe("Dados inválidos. cep: O CEP tem 8 dígitos, ex.: 01310-100.");
    expect((await ctx.request("/api/checkout/cep-lookup", { json: { cep: "01310100" } })).status).toBe(401);

    expect((await ctx.request("/api/checkout/shipping-quote", { browser: customer, json: { cep: "01310100" } })).status).toBe(409);
    await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const quote = (await (await ctx.request("/api/checkout/shipping-quote", { browser: customer, json: { cep: "90010-000" } })).json()) as {
      needsShipping: boolean;
      options: { method: string; priceCents: number; deliveryDays: number }[];
    };
    expect(quote.needsShipping).toBe(true);
    expect(quote.options.map((o) => o.method)).toEqual(["pac", "sedex"]);
    expect(quote.options[0]).toMatchObject({ priceCents: 26_90, deliveryDays: 7 });
  });

  it("answers one quote, in one shape, to the cart's estimate and to the checkout", async () => {
    const customer = await signedUpCustomer();
    await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const fromCart = await (await ctx.request("/api/shipping/quote?cep=90010-000", { browser: customer })).json();
    const fromCheckout = await (
      await ctx.request("/api/checkout/shipping-quote", { browser: customer, json: { cep: "90010-000" } })
    ).json();
    // The same parcel (the customer's cart) and CEP: the same answer, key for key.
    expect(fromCheckout).toEqual(fromCart);
    expect(fromCart).toEqual({
      cep: "90010000",
      needsShipping: true,
      region: expect.any(String),
      source: "table",
      options: [
        { method: "pac", label: expect.any(String), priceCents: 26_90, deliveryDays: 7 },
        { method: "sedex", label: expect.any(String), priceCents: expect.any(Number), deliveryDays: expect.any(Number) },
      ],
    });

    // A cart with nothing to ship: the same shape, saying so.
    const student = await signedUpCustomer();
    await giveCart(student, [{ productId: COURSE, quantity: 1 }]);
    const digital = await (await ctx.request("/api/checkout/shipping-quote", { browser: student, json: { cep: "90010-000" } })).json();
    expect(digital).toEqual({ cep: "90010000", needsShipping: false, region: null, source: "table", options: [] });
  });
});

describe("withdrawal (CDC art. 49)", () => {
  /** A course order (no shipping: paid → delivered), delivered `daysAgo` days ago. */
  async function deliveredOrder(customer: Browser, daysAgo: number): Promise<string> {
    await giveCart(customer, [{ productId: COURSE, quantity: 1 }]);
    const { orderId } = (await (await place(customer, placeBody({ address: undefined, shippingMethod: undefined }))).json()) as {
      orderId: string;
    };
    expect((await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);
    expect((await ctx.request(`/api/admin/orders/${orderId}/status`, { browser: admin, json: { status: "delivered" } })).status).toBe(200);
    const at = sql`now() - make_interval(days => ${daysAgo})`;
    await ctx.t.db.update(orders).set({ deliveredAt: at }).where(eq(orders.id, orderId));
    await ctx.t.db
      .update(orderStatusHistory)
      .set({ createdAt: at })
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "delivered")));
    return orderId;
  }

  const withdraw = (browser: Browser, id: string, json: unknown = { unopened: true, reason: "Comprei a variedade errada" }) =>
    ctx.request(`/api/orders/${id}/withdrawal`, { browser, json });

  it("records the request in the history, e-mails the admins, and answers the same request when asked again", async () => {
    const customer = await signedUpCustomer();
    const orderId = await deliveredOrder(customer, 2);
    const before = await orderOf(customer, orderId);
    expect(before).toMatchObject({ withdrawalOpen: true, withdrawalRequestedAt: null });
    const { number } = before;

    const first = await withdraw(customer, orderId);
    expect(first.status).toBe(201);
    const order = (await first.json()) as OrderJson;
    expect(order).toMatchObject({ withdrawalOpen: false, withdrawalRequestedAt: expect.any(String) });
    const entries = order.history.filter((h) => h.note?.startsWith("Devolução solicitada pelo cliente"));
    expect(entries).toEqual([
      expect.objectContaining({
        note: "Devolução solicitada pelo cliente. Motivo: Comprei a variedade errada",
        createdAt: order.withdrawalRequestedAt,
      }),
    ]);

    const mail = await ctx.mail.waitFor(ADMIN_EMAIL, (m) => m.subject.startsWith(`Devolução solicitada no pedido #${number}`));
    expect(mail.text).toContain("Comprei a variedade errada");
    expect(mail.text).toContain(`/admin?order=${orderId}`);

    const again = await withdraw(customer, orderId, { unopened: true, reason: "outro motivo" });
    expect(again.status).toBe(201);
    const replay = (await again.json()) as OrderJson;
    expect(replay.withdrawalRequestedAt).toBe(order.withdrawalRequestedAt);
    expect(replay.history.filter((h) => h.note?.startsWith("Devolução solicitada"))).toHaveLength(1);

    // The admin sees the same entry in the order's history.
    const adminView = (await (await ctx.request(`/api/admin/orders/${orderId}`, { browser: admin })).json()) as OrderJson;
    expect(adminView.history.map((h) => h.note)).toContain("Devolução solicitada pelo cliente. Motivo: Comprei a variedade errada");
  });

  it("refuses after 7 days, before delivery, another customer's order and a bad body, in Portuguese", async () => {
    const customer = await signedUpCustomer();
    const late = await deliveredOrder(customer, 8);
    expect(await orderOf(customer, late)).toMatchObject({ withdrawalOpen: false, withdrawalRequestedAt: null });
    const tooLate = await withdraw(customer, late);
    expect(tooLate.status).toBe(409);
    expect(((await tooLate.json()) as ErrorJson).error.message).toMatch(
      /^O prazo de devolução deste pedido terminou em \d{2}\/\d{2}\/\d{4}\.$/,
    );

    await giveCart(customer, [{ productId: COURSE, quantity: 1 }]);
    const { orderId: unpaid } = (await (await place(customer, placeBody({ address: undefined, shippingMethod: undefined }))).json()) as {
      orderId: string;
    };
    const notPaid = await withdraw(customer, unpaid);
    expect(notPaid.status).toBe(409);
    expect(((await notPaid.json()) as ErrorJson).error.message).toBe(
      "Este pedido ainda não foi pago: não há o que devolver. Sem o pagamento, ele é cancelado quando o Pix expira.",
    );

    const recent = await deliveredOrder(customer, 1);
    const intruder = await signedUpCustomer();
    expect((await withdraw(intruder, recent)).status).toBe(404);
    expect((await withdraw(customer, crypto.randomUUID())).status).toBe(404);
    expect((await ctx.request(`/api/orders/${recent}/withdrawal`, { json: { unopened: true } })).status).toBe(401);

    for (const body of [{}, { unopened: false }, { unopened: true, reason: "x".repeat(501) }]) {
      const bad = await withdraw(customer, recent, body);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ErrorJson).error.message).toMatch(/lacrados|500 caracteres/);
    }
    expect(await orderOf(customer, recent)).toMatchObject({ withdrawalRequestedAt: null });
  });
});

describe("withdrawal from payment until 7 days after delivery (CDC art. 49, issue 16)", () => {
  const withdraw = (browser: Browser, id: string, json: unknown = { reason: "Mudei de ideia" }) =>
    ctx.request(`/api/orders/${id}/withdrawal`, { browser, json });
  const KIT_TOTAL = 89_90 + 18_90; // one kit and its PAC freight to the test CEP

  /** A kit (a physical product, with PAC freight) ordered by `customer` and paid. */
  async function paidKitOrder(customer: Browser): Promise<{ orderId: string; number: number }> {
    await giveCart(customer, [{ productId: KIT, quantity: 1 }]);
    const placed = (await (await place(customer, placeBody())).json()) as { orderId: string; number: number };
    expect((await ctx.request(`/api/admin/orders/${placed.orderId}/confirm-payment`, { browser: admin, method: "POST" })).status).toBe(200);
    return placed;
  }

  async function notificationsOf(browser: Browser, orderId: string) {
    const rows = await ctx.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, await userIdOf(browser)), eq(notifications.orderId, orderId)));
    return rows.map((row) => ({ title: row.title, content: row.content }));
  }

  it("paid, not shipped: cancels, gives the stock back, records the refund with the freight, and confirms by notification and e-mail", async () => {
    const customer = await signedUpCustomer();
    const stockBefore = await stockOf(KIT);
    const { orderId, number } = await paidKitOrder(customer);
    expect(await orderOf(customer, orderId)).toMatchObject({
      status: "paid",
      withdrawalOpen: true,
      withdrawalMode: "cancel",
      refund: null,
    });

    // Nothing was delivered, so there is nothing to declare unopened.
    const response = await withdraw(customer, orderId);
    expect(response.status).toBe(201);
    const order = (await response.json()) as OrderJson;
    expect(order).toMatchObject({
      status: "cancelled",
      withdrawalOpen: false,
      withdrawalMode: null,
      withdrawalRequestedAt: expect.any(String),
      refund: { amountCents: KIT_TOTAL, shippingCents: 18_90, createdAt: expect.any(String) },
    });
    expect(order.history.at(-1)).toMatchObject({
      fromStatus: "paid",
      toStatus: "cancelled",
      note: "Desistência da compra pelo cliente, antes do envio. Motivo: Mudei de ideia",
    });
    expect(await stockOf(KIT)).toBe(stockBefore);

    const confirmation = {
      title: `Pedido #${number}: desistência confirmada`,
      content: `Recebemos sua desistência do pedido #${number}. Ele foi cancelado e o reembolso de R$\u00a0108,80, frete incluído, está em andamento: avisamos quando ele for enviado para o Pix usado no pagamento.`,
    };
    expect(await notificationsOf(customer, orderId)).toContainEqual(confirmation);
    const mail = await ctx.mail.waitFor(await emailOf(customer), (m) => m.subject.startsWith(confirmation.title));
    expect(mail.text).toContain(confirmation.content);
    expect(mail.text).toContain(`/cliente?order=${orderId}`);
    const adminMail = await ctx.mail.waitFor(ADMIN_EMAIL, (m) => m.subject.startsWith(`Desistência no pedido #${number}`));
    expect(adminMail.text).toContain("Mudei de ideia");
  });

  it("repeated and concurrent requests cancel once, refund once and confirm once", async () => {
    const customer = await signedUpCustomer();
    const stockBefore = await stockOf(KIT);
    const { orderId, number } = await paidKitOrder(customer);
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(customer, orderId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect((await withdraw(customer, orderId, { reason: "outra vez" })).status).toBe(201);

    const refunds = await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ amountCents: KIT_TOTAL, shippingCents: 18_90, reason: "withdrawal" })]);
    const order = await orderOf(customer, orderId);
    expect(order.history.filter((entry) => entry.toStatus === "cancelled")).toHaveLength(1);
    expect(await stockOf(KIT)).toBe(stockBefore);
    const confirmations = (await notificationsOf(customer, orderId)).filter((n) => n.title.includes("desistência"));
    expect(confirmations).toHaveLength(1);
    await ctx.mail.waitFor(await emailOf(customer), (m) => m.subject.startsWith(`Pedido #${number}: desistência confirmada`));
    const sent = ctx.mail.messages.filter((m) => m.subject.startsWith(`Pedido #${number}: desistência confirmada`));
    expect(sent).toHaveLength(1);
  });

  it("delivered within 7 days: asks for the products back (unopened), confirms it, and the admin's refund is recorded once with the freight", async () => {
    const customer = await signedUpCustomer();
    const { orderId, number } = await paidKitOrder(customer);
    expect(
      (await ctx.request(`/api/admin/orders/${orderId}/tracking`, { browser: admin, json: { trackingCode: "RR123456785BR" } })).status,
    ).toBe(200);
    expect(await orderOf(customer, orderId)).toMatchObject({ status: "shipped", withdrawalOpen: true, withdrawalMode: "return" });
    expect((await ctx.request(`/api/admin/orders/${orderId}/status`, { browser: admin, json: { status: "delivered" } })).status).toBe(200);

    const sealedless = await withdraw(customer, orderId);
    expect(sealedless.status).toBe(400);
    expect(((await sealedless.json()) as ErrorJson).error.message).toBe("Confirme que os produtos estão lacrados, na embalagem original.");

    const response = await withdraw(customer, orderId, { unopened: true, reason: "Não era o que eu esperava" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ status: "delivered", withdrawalRequestedAt: expect.any(String), refund: null });
    const confirmation = {
      title: `Pedido #${number}: devolução solicitada`,
      content: `Recebemos seu pedido de devolução do pedido #${number}. A loja vai entrar em contato para combinar o envio dos produtos; quando eles chegarem, você recebe o reembolso de R$\u00a0108,80, frete incluído.`,
    };
    expect(await notificationsOf(customer, orderId)).toContainEqual(confirmation);
    const mail = await ctx.mail.waitFor(await emailOf(customer), (m) => m.subject.startsWith(confirmation.title));
    expect(mail.text).toContain(confirmation.content);

    // The products came back: the admin refunds, and the refund is the whole order, freight included.
    const refunded = await ctx.request(`/api/admin/orders/${orderId}/status`, { browser: admin, json: { status: "refunded" } });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ status: "refunded", refund: { amountCents: KIT_TOTAL, shippingCents: 18_90 } });
    expect((await ctx.request(`/api/admin/orders/${orderId}/status`, { browser: admin, json: { status: "refunded" } })).status).toBe(409);
    expect(await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toHaveLength(1);
  });

  it("delivered more than 7 days ago, cancelled or refunded: refused with a Portuguese 409 and no refund", async () => {
    const customer = await signedUpCustomer();
    const { orderId } = await paidKitOrder(customer);
    await ctx.request(`/api/admin/orders/${orderId}/tracking`, { browser: admin, json: { trackingCode: "RR123456785BR" } });
    await ctx.request(`/api/admin/orders/${orderId}/status`, { browser: admin, json: { status: "delivered" } });
    await ctx.t.db
      .update(orders)
      .set({ deliveredAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(orders.id, orderId));
    const late = await withdraw(customer, orderId, { unopened: true });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorJson).error.message).toMatch(
      /^O prazo de devolução deste pedido terminou em \d{2}\/\d{2}\/\d{4}\.$/,
    );
    expect(await orderOf(customer, orderId)).toMatchObject({ withdrawalOpen: false, withdrawalRequestedAt: null, refund: null });

    const { orderId: cancelled } = await paidKitOrder(customer);
    await ctx.request(`/api/admin/orders/${cancelled}/cancel`, { browser: admin, json: { reason: "Sem estoque" } });
    const refused = await withdraw(customer, cancelled);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).error.message).toBe("Este pedido foi cancelado: não há o que devolver.");
    expect(
      await ctx.t.db
        .select()
        .from(orderRefunds)
        .where(inArray(orderRefunds.orderId, [orderId, cancelled])),
    ).toHaveLength(0);
  });
});
