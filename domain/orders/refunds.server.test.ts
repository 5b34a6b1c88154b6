import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailLog, orderRefunds, orderReturns, orders } from "#platform/db/schema.ts";
import { confirmPayment, moveOrderStatus } from "#domain/orders/admin-order-flows.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { countsAsRevenue, keptCents, refundJoin } from "#domain/orders/order-revenue.server.ts";
import { refundOrder } from "#domain/orders/refund-order.server.ts";
import { listOwedRefunds } from "#domain/orders/refunds.server.ts";
import { acceptReturn, listReturns, refuseReturn } from "#domain/orders/returns.server.ts";
import { markRefundSent } from "#domain/orders/send-refund.server.ts";
import { addTracking } from "#domain/orders/ship-order.server.ts";
import { requestWithdrawal } from "#domain/orders/withdrawal.server.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { buildCustomer, buildOrder } from "#test/builders.ts";

/*
 * Decision 044: withdrawals and refunds are rows with their own status. A refund is owed until the
 * owner sends it (the refund queue); a partial refund is said and counted as partial.
 */

const t = setUpTestDatabase();

const subjectsTo = async (email: string) =>
  (await t.db.select({ subject: emailLog.subject }).from(emailLog).where(eq(emailLog.recipient, email))).map((row) => row.subject);
const returnOf = async (orderId: string) => (await t.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)))[0];
const refundRow = async (orderId: string) => (await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0];

/** What the customer spent, by the one revenue rule the dashboard and the customers list share. */
async function spentBy(userId: string): Promise<number> {
  const result = await t.db.execute<{ spent: number }>(
    sql`select coalesce(sum(case when ${countsAsRevenue} then ${keptCents} else 0 end), 0)::int as spent from orders o ${refundJoin} where o.user_id = ${userId}`,
  );
  return result.rows[0]!.spent;
}

async function paidOrder(admin: string, options: Parameters<typeof buildOrder>[1] = {}) {
  const built = await buildOrder(t.db, options);
  await confirmPayment(t.services, built.orderId, admin);
  return built;
}

async function deliveredOrder(admin: string) {
  const built = await paidOrder(admin);
  await addTracking(t.services, built.orderId, "AA123456785BR", admin);
  await moveOrderStatus(t.services, built.orderId, "delivered", admin);
  return built;
}

describe("a withdrawal before shipping", () => {
  it("owes the whole total until the owner sends it: the queue shows who paid, the customer reads it as in progress", async () => {
    const admin = await buildCustomer(t.db, "dona");
    const built = await paidOrder(admin, { quantity: 2 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, built.orderId));
    await requestWithdrawal(t.services, built.orderId, built.userId, { reason: "Mudei de ideia", unopened: false });

    expect(await returnOf(built.orderId)).toMatchObject({
      kind: "before_shipping",
      status: "approved",
      reason: "Mudei de ideia",
      amountCents: order!.totalCents,
      items: [expect.objectContaining({ productId: built.productId, quantity: 2 })],
    });
    expect(await refundRow(built.orderId)).toMatchObject({ status: "owed", amountCents: order!.totalCents, paidAt: null });
    expect((await getOrder(t.db, built.orderId))!.refund).toMatchObject({ status: "owed", paidAt: null });
    const queued = (await listOwedRefunds(t.db)).find((item) => item.orderId === built.orderId);
    expect(queued).toMatchObject({
      number: order!.number,
      customerEmail: built.email,
      pixTxid: order!.pixTxid,
      amountCents: order!.totalCents,
      shippingCents: order!.shippingCents,
    });
    // An owed refund is not recorded a second time from the order page: it is sent from the queue.
    await expect(refundOrder(t.services, built.orderId, admin, { amountCents: order!.totalCents })).rejects.toMatchObject({
      code: "refund_owed",
    });

    await markRefundSent(t.services, built.orderId, admin);
    expect(await refundRow(built.orderId)).toMatchObject({ status: "paid", paidBy: admin });
    expect((await listOwedRefunds(t.db)).map((item) => item.orderId)).not.toContain(built.orderId);
    const detail = (await getOrder(t.db, built.orderId))!;
    expect(detail.refund).toMatchObject({ status: "paid", paidAt: expect.any(String) });
    expect(detail.history.at(-1)).toMatchObject({ reason: "refund_paid", note: expect.stringMatching(/^Reembolso enviado: R\$/) });
    expect(await subjectsTo(built.email)).toContainEqual(expect.stringContaining(`#${order!.number}: reembolso enviado`));
    await expect(markRefundSent(t.services, built.orderId, admin)).rejects.toMatchObject({ code: "refund_already_sent" });
  });
});

describe("a refund the admin sends", () => {
  it("of part of the total: the order is partially refunded and the rest still counts as spent", async () => {
    const admin = await buildCustomer(t.db, "dono");
    const built = await paidOrder(admin);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, built.orderId));
    const spentBefore = await spentBy(built.userId);
    expect(spentBefore).toBe(order!.totalCents);

    await refundOrder(t.services, built.orderId, admin, { amountCents: 30_00, note: "Um item avariado" });
    const detail = (await getOrder(t.db, built.orderId))!;
    expect(detail.status).toBe("partially_refunded");
    expect(detail.history.at(-1)).toMatchObject({
      reason: "partially_refunded_by_admin",
      toStatus: "partially_refunded",
      note: "Reembolso parcial registrado: R$\u00a030,00. Um item avariado",
    });
    expect(await refundRow(built.orderId)).toMatchObject({ status: "paid", amountCents: 30_00, paidBy: admin });
    expect(await spentBy(built.userId)).toBe(order!.totalCents - 30_00);
  });

  it("of the whole total: the order is refunded and nothing of it counts as spent", async () => {
    const admin = await buildCustomer(t.db, "dona-total");
    const built = await paidOrder(admin);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, built.orderId));
    await refundOrder(t.services, built.orderId, admin, { amountCents: order!.totalCents });
    expect((await getOrder(t.db, built.orderId))!.status).toBe("refunded");
    expect(await spentBy(built.userId)).toBe(0);
  });
});

describe("a return after shipping", () => {
  it("goes requested → approved → received with the refund, and leaves the open queue", async () => {
    const admin = await buildCustomer(t.db, "loja");
    const built = await deliveredOrder(admin);
    await requestWithdrawal(t.services, built.orderId, built.userId, { reason: null, unopened: true });
    expect(await returnOf(built.orderId)).toMatchObject({ kind: "after_shipping", status: "requested" });
    const open = async () => (await listReturns(t.db, { state: "open", page: 1 })).returns.map((item) => item.orderId);
    expect(await open()).toContain(built.orderId);

    await acceptReturn(t.services, built.orderId, admin);
    expect(await returnOf(built.orderId)).toMatchObject({ status: "approved" });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, built.orderId));
    await refundOrder(t.services, built.orderId, admin, { amountCents: order!.totalCents });
    expect(await returnOf(built.orderId)).toMatchObject({ status: "received" });
    expect(await refundRow(built.orderId)).toMatchObject({ status: "paid" });
    expect(await open()).not.toContain(built.orderId);
  });

  it("refused by the shop: told to the customer, listed as refused, out of the open queue", async () => {
    const admin = await buildCustomer(t.db, "loja-recusa");
    const built = await deliveredOrder(admin);
    await requestWithdrawal(t.services, built.orderId, built.userId, { reason: "Não gostei", unopened: true });
    await refuseReturn(t.services, built.orderId, admin, "Os produtos chegaram abertos.");
    expect(await returnOf(built.orderId)).toMatchObject({ status: "refused" });
    const all = (await listReturns(t.db, { page: 1 })).returns.find((item) => item.orderId === built.orderId);
    expect(all).toMatchObject({ state: "refused", reason: "Não gostei" });
    expect((await listReturns(t.db, { state: "open", page: 1 })).returns.map((item) => item.orderId)).not.toContain(built.orderId);
    expect(await subjectsTo(built.email)).toContainEqual(expect.stringContaining("devolução recusada"));
    await expect(refuseReturn(t.services, built.orderId, admin, "De novo")).rejects.toMatchObject({ code: "return_refused" });
  });
});
