import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "#domain/dashboard/dashboard.server.ts";
import { expirePendingOrders, sendPixReminders } from "#domain/orders/order-jobs.server.ts";
import { sendAbandonedCartReminders } from "#domain/recovery/abandoned-carts.server.ts";
import { cartItems, carts, consentEvents, orderDiscounts, orders, products } from "#platform/db/schema.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { linksIn } from "#test/mail-server.ts";
import { checkOut, giveCart } from "#test/builders.ts";

/*
 * Issue 19 item 5 (decision 031): the abandoned-cart reminder (once, only with consent, an
 * unsubscribe link that works without signing in), the reminder before a Pix expires (once per Pix),
 * "Gerar novo Pix" for an expired order, and the abandoned carts on the dashboard.
 */

const KIT = 4; // liquid-culture kit, by the unit, stock 25
const HOUR = 3600_000;

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

type ErrorJson = { error: { code: string; message: string } };

/** A signed-in customer with a fresh cart holding `quantity` kits. */
async function customerWithCart(label: string, quantity = 1) {
  const email = uniqueEmail(label);
  const browser = await ctx.customer(email, new Browser("198.51.100.90"));
  const userId = await ctx.userId(email);
  await giveCart(ctx.t.db, userId, KIT, quantity);
  return { email, browser, userId };
}

async function allowReminders(browser: Browser, enabled = true) {
  const response = await ctx.request("/api/account/marketing-emails", { browser, method: "PUT", json: { enabled } });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ enabled });
}

/** Moves the account's active cart's last change `hours` into the past. */
async function idleCart(userId: string, hours: number) {
  const [cart] = await ctx.t.db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, "active")));
  const then = new Date(Date.now() - hours * HOUR);
  await ctx.t.db.update(carts).set({ updatedAt: then, createdAt: then }).where(eq(carts.id, cart!.id));
  await ctx.t.db.update(cartItems).set({ updatedAt: then, createdAt: then }).where(eq(cartItems.cartId, cart!.id));
  return cart!.id;
}

/** Waits until no e-mail to `email` is left in the queue (sent ones leave it), so counting received mail is final. */
async function mailSettled(email: string) {
  await expect
    .poll(async () => {
      const result = await ctx.t.db.execute<{ count: number }>(
        sql`select count(*)::int as count from graphile_worker._private_jobs where payload->>'to' = ${email}`,
      );
      return result.rows[0]!.count;
    })
    .toBe(0);
}

const received = (email: string, subject: string) => ctx.mail.messages.filter((m) => m.to.includes(email) && m.subject.includes(subject));

describe("the abandoned-cart reminder", () => {
  it("goes once, after ABANDONED_CART_HOURS, to a customer who allowed it, with the cart's items and a way back", async () => {
    const ana = await customerWithCart("carrinho-ana", 2);
    await allowReminders(ana.browser);
    await idleCart(ana.userId, 23);
    await sendAbandonedCartReminders(ctx.t.services);
    await idleCart(ana.userId, 25);
    await sendAbandonedCartReminders(ctx.t.services);
    await sendAbandonedCartReminders(ctx.t.services);

    const mail = await ctx.mail.waitFor(ana.email, (m) => m.subject.includes("Seu carrinho"));
    expect(mail.text).toContain("Cultura Líquida Golden Teacher (2 un.)");
    expect(linksIn(mail)).toContain("http://localhost:3000/cart");
    const unsubscribe = linksIn(mail).find((link) => link.includes("/descadastrar"));
    expect(unsubscribe).toBeTruthy();
    expect(mail.listUnsubscribe.replace(/\s/g, "")).toBe(`<${unsubscribe}>`);
    await mailSettled(ana.email);
    expect(received(ana.email, "Seu carrinho")).toHaveLength(1);
  });

  it("is never sent without consent, after the consent is withdrawn, or to a visitor's cart", async () => {
    const bruno = await customerWithCart("carrinho-bruno");
    await idleCart(bruno.userId, 30);
    const carla = await customerWithCart("carrinho-carla");
    await allowReminders(carla.browser);
    await allowReminders(carla.browser, false);
    await idleCart(carla.userId, 30);
    const [visitorCart] = await ctx.t.db.insert(carts).values({ sessionId: crypto.randomUUID() }).returning({ id: carts.id });
    const [kit] = await ctx.t.db.select().from(products).where(eq(products.numericId, KIT));
    const old = new Date(Date.now() - 30 * HOUR);
    await ctx.t.db.insert(cartItems).values({
      cartId: visitorCart!.id,
      productId: kit!.id,
      productName: kit!.name,
      quantity: 1,
      unitPriceCents: 1,
      totalPriceCents: 1,
      createdAt: old,
      updatedAt: old,
    });
    await ctx.t.db.update(carts).set({ updatedAt: old }).where(eq(carts.id, visitorCart!.id));

    await sendAbandonedCartReminders(ctx.t.services);
    const [visitor] = await ctx.t.db.select().from(carts).where(eq(carts.id, visitorCart!.id));
    expect(visitor!.abandonmentRemindedAt).toBeNull();
    await mailSettled(bruno.email);
    await mailSettled(carla.email);
    expect(received(bruno.email, "Seu carrinho")).toHaveLength(0);
    expect(received(carla.email, "Seu carrinho")).toHaveLength(0);
  });

  it("a cart changed after its reminder can be reminded again; one idle for more than a week never is", async () => {
    const dora = await customerWithCart("carrinho-dora");
    await allowReminders(dora.browser);
    const cartId = await idleCart(dora.userId, 25);
    await sendAbandonedCartReminders(ctx.t.services);
    await ctx.mail.waitFor(dora.email, (m) => m.subject.includes("Seu carrinho"));
    // She comes back and changes the cart, then leaves again for a day.
    await ctx.t.db.update(cartItems).set({ quantity: 3, updatedAt: new Date() }).where(eq(cartItems.cartId, cartId));
    await sendAbandonedCartReminders(ctx.t.services, { now: new Date(Date.now() + 25 * HOUR) });
    await mailSettled(dora.email);
    expect(received(dora.email, "Seu carrinho")).toHaveLength(2);

    const edu = await customerWithCart("carrinho-edu");
    await allowReminders(edu.browser);
    await idleCart(edu.userId, 8 * 24);
    await sendAbandonedCartReminders(ctx.t.services);
    await mailSettled(edu.email);
    expect(received(edu.email, "Seu carrinho")).toHaveLength(0);
  });

  it("the e-mail's unsubscribe link stops the reminders without signing in; a forged one is refused", async () => {
    const fabi = await customerWithCart("carrinho-fabi");
    await allowReminders(fabi.browser);
    await idleCart(fabi.userId, 25);
    await sendAbandonedCartReminders(ctx.t.services);
    const mail = await ctx.mail.waitFor(fabi.email, (m) => m.subject.includes("Seu carrinho"));
    const link = new URL(linksIn(mail).find((url) => url.includes("/descadastrar"))!);
    const account = link.searchParams.get("conta")!;
    const signature = link.searchParams.get("assinatura")!;
    expect(account).toBe(fabi.userId);

    // Another account's id with this signature, and a made-up signature: both refused, in Portuguese.
    const other = await customerWithCart("carrinho-outro");
    for (const body of [
      { account: other.userId, signature },
      { account, signature: "A".repeat(22) },
    ]) {
      const refused = await ctx.request("/api/unsubscribe", { json: body });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorJson).error.message).toContain("Link de descadastro inválido");
    }

    // No session cookie at all: the link is enough.
    const stopped = await ctx.request("/api/unsubscribe", { json: { account, signature } });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ unsubscribed: true });
    const choice = await ctx.request("/api/account/marketing-emails", { browser: fabi.browser });
    expect(await choice.json()).toEqual({ enabled: false });
    // The withdrawal is kept as a consent event (LGPD proof), after the yes.
    const events = await ctx.t.db
      .select({ granted: consentEvents.granted })
      .from(consentEvents)
      .where(and(eq(consentEvents.userId, fabi.userId), eq(consentEvents.purpose, "marketing_email")))
      .orderBy(consentEvents.createdAt);
    expect(events.map((event) => event.granted)).toEqual([true, false]);

    await ctx.t.db
      .update(cartItems)
      .set({ updatedAt: new Date() })
      .where(sql`cart_id in (select id from carts where user_id = ${fabi.userId})`);
    await sendAbandonedCartReminders(ctx.t.services, { now: new Date(Date.now() + 25 * HOUR) });
    await mailSettled(fabi.email);
    expect(received(fabi.email, "Seu carrinho")).toHaveLength(1);
  });

  it("the reminder choice needs an account, and bad input gets a Portuguese 400", async () => {
    expect((await ctx.request("/api/account/marketing-emails")).status).toBe(401);
    const { browser } = await customerWithCart("carrinho-valida");
    const bad = await ctx.request("/api/account/marketing-emails", { browser, method: "PUT", json: { enabled: "sim" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).error.message).toContain("lembretes");
  });

  it("the dashboard lists abandoned carts with their owner and value, visitors' too", async () => {
    const gil = await customerWithCart("carrinho-gil", 3);
    const cartId = await idleCart(gil.userId, 26);
    const dashboard = await getDashboard(ctx.t.db, new Date(), 24);
    const listed = dashboard.abandonedCarts.carts.find((cart) => cart.cartId === cartId);
    expect(listed).toMatchObject({ customerEmail: gil.email, itemCount: 1, remindedAt: null });
    expect(listed!.subtotalCents).toBeGreaterThan(0);
    expect(dashboard.abandonedCarts.count).toBeGreaterThanOrEqual(1);
    expect(dashboard.abandonedCarts.subtotalCents).toBeGreaterThanOrEqual(listed!.subtotalCents);
  });
});

describe("the reminder before a Pix expires", () => {
  it("goes once, 10 minutes before the expiry, and not for a paid order", async () => {
    const hugo = await customerWithCart("pix-hugo");
    const orderId = await checkOut(ctx, hugo.browser);
    const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, orderId));
    const expiresAt = order!.pixExpiresAt.getTime();

    await sendPixReminders(ctx.t.services, { now: new Date(expiresAt - 15 * 60_000) });
    await sendPixReminders(ctx.t.services, { now: new Date(expiresAt - 10 * 60_000) });
    await sendPixReminders(ctx.t.services, { now: new Date(expiresAt - 5 * 60_000) });
    const mail = await ctx.mail.waitFor(hugo.email, (m) => m.subject.includes("expira em"));
    expect(mail.subject).toContain(`#${order!.number} expira em 10 minutos`);
    expect(linksIn(mail)).toContain(`http://localhost:3000/cliente?order=${orderId}`);
    await mailSettled(hugo.email);
    expect(received(hugo.email, "expira em")).toHaveLength(1);

    const iris = await customerWithCart("pix-iris");
    const paidId = await checkOut(ctx, iris.browser);
    await ctx.t.db.update(orders).set({ status: "paid" }).where(eq(orders.id, paidId));
    const [paid] = await ctx.t.db.select().from(orders).where(eq(orders.id, paidId));
    await sendPixReminders(ctx.t.services, { now: new Date(paid!.pixExpiresAt.getTime() - 5 * 60_000) });
    await mailSettled(iris.email);
    expect(received(iris.email, "expira em")).toHaveLength(0);
  });
});

describe("Gerar novo Pix", () => {
  type OrderJson = {
    status: string;
    pixRenewable: boolean;
    cancelReason: string | null;
    pix: { code: string; txid: string; expiresAt: string } | null;
    history: { toStatus: string; note: string | null }[];
  };
  const stockOfKit = async () =>
    (await ctx.t.db.select({ stock: products.stock }).from(products).where(eq(products.numericId, KIT)))[0]!.stock!;

  /** A customer whose order of `quantity` kits was cancelled because its Pix expired. */
  async function expiredOrder(label: string, quantity = 1) {
    const customer = await customerWithCart(label, quantity);
    const orderId = await checkOut(ctx, customer.browser);
    await ctx.t.db
      .update(orders)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await expirePendingOrders(ctx.t.services, { userId: customer.userId });
    return { ...customer, orderId };
  }

  it("pays the same order again: stock reserved again, a new code, the order back to waiting for payment", async () => {
    const julia = await expiredOrder("novo-pix-julia", 2);
    const before = (await (await ctx.request(`/api/orders/${julia.orderId}`, { browser: julia.browser })).json()) as OrderJson;
    expect(before).toMatchObject({ status: "cancelled", pixRenewable: true, pix: null });
    const stockBefore = await stockOfKit();

    const renewed = await ctx.request(`/api/orders/${julia.orderId}/pix`, { browser: julia.browser, method: "POST" });
    expect(renewed.status).toBe(200);
    const order = (await renewed.json()) as OrderJson;
    expect(order).toMatchObject({ status: "pending_payment", pixRenewable: false, cancelReason: null });
    expect(order.pix!.txid).toMatch(/R2$/);
    expect(order.pix!.code).toContain(order.pix!.txid);
    expect(Date.parse(order.pix!.expiresAt)).toBeGreaterThan(Date.now());
    expect(order.history.at(-1)).toMatchObject({ toStatus: "pending_payment", note: "Novo Pix gerado pelo cliente" });
    expect(await stockOfKit()).toBe(stockBefore - 2);
    await ctx.mail.waitFor(julia.email, (m) => m.subject.includes("Novo Pix"));

    // Asking again (a second tap, another tab) answers the same Pix and takes no more stock.
    const again = await ctx.request(`/api/orders/${julia.orderId}/pix`, { browser: julia.browser, method: "POST" });
    expect(again.status).toBe(200);
    expect(((await again.json()) as OrderJson).pix!.txid).toBe(order.pix!.txid);
    expect(await stockOfKit()).toBe(stockBefore - 2);
  });

  it("is refused for another customer's order, a paid order, an old expiry and a product that ran out", async () => {
    const kleber = await expiredOrder("novo-pix-kleber");
    const stranger = await customerWithCart("novo-pix-estranho");
    const foreign = await ctx.request(`/api/orders/${kleber.orderId}/pix`, { browser: stranger.browser, method: "POST" });
    expect(foreign.status).toBe(404);
    expect((await ctx.request(`/api/orders/${kleber.orderId}/pix`, { method: "POST" })).status).toBe(401);

    const lia = await customerWithCart("novo-pix-lia");
    const pendingId = await checkOut(ctx, lia.browser);
    await ctx.t.db.update(orders).set({ status: "paid" }).where(eq(orders.id, pendingId));
    const paid = await ctx.request(`/api/orders/${pendingId}/pix`, { browser: lia.browser, method: "POST" });
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as ErrorJson).error.message).toBe("Este pedido não está esperando um novo Pix.");

    const old = await expiredOrder("novo-pix-antigo");
    await ctx.t.db
      .update(orders)
      .set({ pixExpiresAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(orders.id, old.orderId));
    const late = await ctx.request(`/api/orders/${old.orderId}/pix`, { browser: old.browser, method: "POST" });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorJson).error.message).toContain("48 horas");

    const soldOut = await expiredOrder("novo-pix-esgotado", 2);
    const stock = await stockOfKit();
    await ctx.t.db.update(products).set({ stock: 1 }).where(eq(products.numericId, KIT));
    try {
      const refused = await ctx.request(`/api/orders/${soldOut.orderId}/pix`, { browser: soldOut.browser, method: "POST" });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as ErrorJson).error.code).toBe("out_of_stock");
      const [order] = await ctx.t.db.select().from(orders).where(eq(orders.id, soldOut.orderId));
      expect(order!.status).toBe("cancelled");
      expect(await stockOfKit()).toBe(1);
    } finally {
      await ctx.t.db.update(products).set({ stock }).where(eq(products.numericId, KIT));
    }
  });

  it("is not offered for an order whose coupon or credit came back at the expiry", async () => {
    const nina = await expiredOrder("novo-pix-cupom");
    await ctx.t.db.insert(orderDiscounts).values({ orderId: nina.orderId, kind: "coupon", label: "Cupom BEMVINDO", amountCents: 500 });
    const order = (await (await ctx.request(`/api/orders/${nina.orderId}`, { browser: nina.browser })).json()) as OrderJson;
    expect(order.pixRenewable).toBe(false);
    const refused = await ctx.request(`/api/orders/${nina.orderId}/pix`, { browser: nina.browser, method: "POST" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).error.message).toContain("Monte o pedido de novo pelo carrinho");
  });

  it("the new Pix gets its own reminder", async () => {
    const mara = await expiredOrder("novo-pix-mara");
    const renewed = await ctx.request(`/api/orders/${mara.orderId}/pix`, { browser: mara.browser, method: "POST" });
    const { pix } = (await renewed.json()) as OrderJson;
    await sendPixReminders(ctx.t.services, { now: new Date(Date.parse(pix!.expiresAt) - 9 * 60_000) });
    const mail = await ctx.mail.waitFor(mara.email, (m) => m.subject.includes("expira em"));
    expect(mail.text).toContain("ainda não foi pago");
  });
});
