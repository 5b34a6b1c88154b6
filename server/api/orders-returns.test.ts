import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import type { ReturnItem } from "#domain/orders/admin-order-schemas.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";
import { notifications, orderItems, orderRefunds, orders, orderStatusHistory, products } from "#platform/db/schema.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";

/*
 * Issue 17 item 4 on a real PostgreSQL and a real SMTP conversation: the customers' withdrawals as
 * the admin's queue. A return is accepted (the products come back), its refund recorded, the
 * customer answered; at each step the customer gets a notification and its e-mail, the order's
 * history says it, and the audit log keeps who did it.
 */

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
let customerEmail: string;
let customerId: string;
const ADMIN_EMAIL = uniqueEmail("admin-devolucoes");

beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.240"));
  customerEmail = uniqueEmail("cliente-devolucao");
  customer = await ctx.customer(customerEmail, new Browser("203.0.113.241"));
  customerId = await ctx.userId(customerEmail);
}, 60_000);
afterAll(async () => ctx?.close());

/** The customer's order, written straight into the database in `status` (delivered: today). */
async function customersOrder(status: OrderStatus): Promise<{ id: string; number: number }> {
  const [row] = await ctx.t.db
    .insert(orders)
    .values({
      userId: customerId,
      customerEmail,
      customerName: "Maria Devolve",
      status,
      subtotalCents: 17_010,
      shippingCents: 2_990,
      totalCents: 20_000,
      shippingMethod: "pac",
      shippingDays: 5,
      shippingAddress: {
        recipientName: "Maria Devolve",
        cpf: "52998224725",
        phone: "11912345678",
        cep: "01310100",
        street: "Avenida Paulista",
        number: "1000",
        complement: null,
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
      },
      pixTxid: crypto.randomUUID().replace(/-/g, "").slice(0, 25),
      pixCode: "000201",
      pixExpiresAt: new Date(Date.now() + 30 * 60_000),
      paidAt: new Date(),
      deliveredAt: status === "delivered" ? new Date() : null,
    })
    .returning({ id: orders.id, number: orders.number });
  const [product] = await ctx.t.db
    .select()
    .from(products)
    .where(eq(products.id, productUuid(4)));
  await ctx.t.db.insert(orderItems).values({
    orderId: row!.id,
    productId: product!.id,
    productName: product!.name,
    productSlug: product!.slug,
    unitType: product!.unitType,
    quantity: 1,
    unitPriceCents: 17_010,
    totalPriceCents: 17_010,
    finalTotalCents: 17_010,
    needsShipping: true,
  });
  await ctx.t.db.insert(orderStatusHistory).values({ orderId: row!.id, fromStatus: null, toStatus: status, reason: "order_placed" });
  return row!;
}

async function withdraw(orderId: string, reason: string): Promise<void> {
  const response = await ctx.request(`/api/orders/${orderId}/withdrawal`, { browser: customer, json: { unopened: true, reason } });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function queue(state = ""): Promise<ReturnItem[]> {
  const response = await ctx.request(`/api/admin/returns${state ? `?state=${state}` : ""}`, { browser: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { returns: ReturnItem[] }).returns;
}

const adminPost = (path: string, json: unknown = {}) => ctx.request(`/api/admin${path}`, { browser: admin, json });

async function customersNotices(orderId: string) {
  return ctx.t.db
    .select({ title: notifications.title, content: notifications.content })
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.userId, customerId)))
    .orderBy(notifications.createdAt);
}

const auditOf = (orderId: string) => auditEntries(ctx, admin, "order", orderId);

describe("the returns queue", () => {
  it("accept, reply and refund a return: the customer is told each time, by notification and e-mail", async () => {
    const order = await customersOrder("delivered");
    await withdraw(order.id, "Não era o que eu esperava");

    const [waiting] = (await queue("open")).filter((item) => item.orderId === order.id);
    expect(waiting).toMatchObject({
      number: order.number,
      state: "requested",
      mode: "return",
      reason: "Não era o que eu esperava",
      refundCents: null,
    });

    // Accept: the products are to come back.
    expect((await adminPost(`/returns/${order.id}/accept`)).status).toBe(200);
    const accepted = await ctx.mail.waitFor(customerEmail, (mail) => mail.subject.startsWith(`Pedido #${order.number}: devolução aceita`));
    expect(accepted.text).toContain("Envie os produtos lacrados");
    expect((await queue("open")).find((item) => item.orderId === order.id)?.state).toBe("awaiting_return");
    const again = await adminPost(`/returns/${order.id}/accept`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      "Esta devolução já foi aceita: aguarde os produtos e registre o reembolso.",
    );

    // Reply: in the customer's own order history, and by e-mail in the admin's words.
    const words = "Recebemos sua mensagem: a etiqueta de postagem segue por e-mail amanhã.";
    expect((await adminPost(`/returns/${order.id}/reply`, { message: words })).status).toBe(200);
    const reply = await ctx.mail.waitFor(customerEmail, (mail) =>
      mail.subject.startsWith(`Pedido #${order.number}: resposta sobre a devolução`),
    );
    expect(reply.text).toContain(words);
    const mine = (await (await ctx.request(`/api/orders/${order.id}`, { browser: customer })).json()) as OrderDetail;
    expect(mine.history.map((entry) => entry.note)).toContain(`Resposta da loja: ${words}`);

    // The products arrived: the refund, less than the total (one item came opened).
    expect((await adminPost(`/orders/${order.id}/refund`, { amountCents: 15_000 })).status).toBe(200);
    const refunded = await ctx.mail.waitFor(customerEmail, (mail) =>
      mail.subject.startsWith(`Pedido #${order.number}: reembolso registrado`),
    );
    expect(refunded.text).toContain("R$\u00a0150,00");

    expect((await queue("open")).some((item) => item.orderId === order.id)).toBe(false);
    expect((await queue("done")).find((item) => item.orderId === order.id)).toMatchObject({
      state: "done",
      status: "partially_refunded",
      refundCents: 15_000,
      replies: 1,
    });
    expect((await customersNotices(order.id)).map((notice) => notice.title)).toEqual([
      `Pedido #${order.number}: devolução solicitada`,
      `Pedido #${order.number}: devolução aceita`,
      `Pedido #${order.number}: resposta sobre a devolução`,
      `Pedido #${order.number}: reembolso registrado`,
    ]);
    const entries = (await auditOf(order.id)).reverse();
    expect(entries.map((entry) => entry.action)).toEqual(["order.return_accept", "order.return_reply", "order.refund"]);
    expect(entries.every((entry) => entry.actorEmail === ADMIN_EMAIL)).toBe(true);
    expect(entries[1]!.after).toMatchObject({ reply: words });
    expect(entries[2]!.after).toMatchObject({ status: "partially_refunded", refundCents: 15_000 });
    const refunds = await ctx.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
  });

  it("a withdrawal before shipping is already cancelled and refunded: listed as done, nothing to accept", async () => {
    const order = await customersOrder("paid");
    await withdraw(order.id, "Comprei duas vezes");
    expect((await queue("done")).find((item) => item.orderId === order.id)).toMatchObject({
      state: "done",
      mode: "cancel",
      status: "cancelled",
      refundCents: 20_000,
      reason: "Comprei duas vezes",
    });
    const accept = await adminPost(`/returns/${order.id}/accept`);
    expect(accept.status).toBe(409);
    expect(((await accept.json()) as { error: { message: string } }).error.message).toBe(
      "Esta desistência foi antes do envio: o pedido já foi cancelado e o reembolso registrado.",
    );
    // A reply is still possible.
    expect((await adminPost(`/returns/${order.id}/reply`, { message: "O Pix foi devolvido hoje." })).status).toBe(200);
    await ctx.mail.waitFor(customerEmail, (mail) => mail.text.includes("O Pix foi devolvido hoje."));
  });

  it("puts the oldest waiting request first, and refuses orders without a withdrawal and empty replies in Portuguese", async () => {
    const older = await customersOrder("delivered");
    const newer = await customersOrder("shipped");
    await withdraw(older.id, "Primeiro");
    await withdraw(newer.id, "Segundo");
    const open = (await queue("open")).map((item) => item.orderId);
    expect(open.indexOf(older.id)).toBeLessThan(open.indexOf(newer.id));

    const plain = await customersOrder("shipped");
    const none = await adminPost(`/returns/${plain.id}/accept`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe("Este pedido não tem pedido de devolução.");
    const empty = await adminPost(`/returns/${older.id}/reply`, { message: "   " });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toContain("Escreva a resposta.");
    const badFilter = await ctx.request("/api/admin/returns?state=talvez", { browser: admin });
    expect(badFilter.status).toBe(400);
    expect(((await badFilter.json()) as { error: { message: string } }).error.message).toContain("Filtro de devoluções desconhecido.");
    expect(await auditOf(plain.id)).toEqual([]);
  });
});
