import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderRefunds, orderReturns, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { confirmPayment, moveOrderStatus } from "#domain/orders/admin-order-flows.server.ts";
import { type CarrierEvent, recordCarrierEvent } from "#domain/orders/carrier-events.server.ts";
import { orderFulfilment } from "#domain/orders/order-parts.server.ts";
import { markParcelDelivered } from "#domain/orders/parcel-delivered.server.ts";
import { refundOrder } from "#domain/orders/refund-order.server.ts";
import { acceptReturn } from "#domain/orders/returns.server.ts";
import { markServiceHeld } from "#domain/orders/service-held.server.ts";
import { addTracking } from "#domain/orders/ship-order.server.ts";
import { requestWithdrawal } from "#domain/orders/withdrawal.server.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { addOrderLine, buildCustomer, buildOrder } from "#test/builders.ts";

/*
 * Decision 081: a mixed order (a sample and a consultoria) is delivered part by part, and only
 * when every part is; a return gives back only what comes back.
 */

const t = setUpTestDatabase();
const CONSULTORIA = productUuid(101);

const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const reasonsOf = async (id: string) =>
  (
    await t.db
      .select({ reason: orderStatusHistory.reason })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.createdAt)
  ).map((row) => row.reason);

/** A paid order of a kit (R$ 50 + R$ 20 freight) and a consultoria (R$ 300). */
async function paidMixedOrder() {
  const built = await buildOrder(t.db);
  await addOrderLine(t.db, built.orderId, 101, 300_00);
  const admin = await buildCustomer(t.db, "Admin");
  await confirmPayment(t.services, built.orderId, admin);
  return { ...built, admin };
}

const delivered = (orderId: string): CarrierEvent => ({
  orderId,
  source: "melhorenvio",
  eventId: `label-9:delivered:${orderId}`,
  status: "delivered",
  trackingCode: "AA123456785BR",
  trackingUrl: null,
  at: new Date(),
});

describe("an order delivered part by part", () => {
  it("the goods arrive but the consultoria is not held: the order is not delivered until the owner marks it held", async () => {
    const order = await paidMixedOrder();
    await t.db.transaction((tx) => recordCarrierEvent(tx, t.services, delivered(order.orderId)));
    expect(await orderOf(order.orderId)).toMatchObject({ status: "shipped", deliveredAt: null });
    expect((await reasonsOf(order.orderId)).at(-1)).toBe("parcel_delivered");

    // Today's bug: the owner's "Entregue" made it delivered with the consultoria not held.
    await expect(moveOrderStatus(t.services, order.orderId, "delivered", order.admin)).rejects.toMatchObject({
      code: "service_not_held",
      message: expect.stringContaining("Ainda falta realizar: Consultoria"),
    });
    expect(await orderFulfilment(t.db, order.orderId, order.userId)).toMatchObject({
      parts: [
        { kind: "shipment", state: "delivered" },
        { kind: "service", productId: CONSULTORIA, state: "waiting", doneAt: null },
      ],
      tracking: {
        code: "AA123456785BR",
        url: "https://www.melhorrastreio.com.br/rastreio/AA123456785BR",
        events: [{ status: "delivered" }],
      },
    });

    await markServiceHeld(t.services, order.orderId, CONSULTORIA, order.admin);
    const done = await orderOf(order.orderId);
    expect(done).toMatchObject({ status: "delivered" });
    expect(done.ratingReminderAt).not.toBeNull();
    expect((await orderFulfilment(t.db, order.orderId)).parts.map((part) => part.state)).toEqual(["delivered", "held"]);
    // Marking it again changes nothing.
    await markServiceHeld(t.services, order.orderId, CONSULTORIA, order.admin);
    expect((await reasonsOf(order.orderId)).filter((reason) => reason === "delivered")).toHaveLength(1);
  });

  it("the consultoria held first: an entry of its own; the goods' delivery (told by the owner) then delivers the order", async () => {
    const order = await paidMixedOrder();
    await markServiceHeld(t.services, order.orderId, CONSULTORIA, order.admin);
    expect(await orderOf(order.orderId)).toMatchObject({ status: "paid" });
    expect((await reasonsOf(order.orderId)).at(-1)).toBe("service_held");

    await addTracking(t.services, order.orderId, "AA123456785BR", order.admin);
    await markParcelDelivered(t.services, order.orderId, order.admin);
    expect(await orderOf(order.orderId)).toMatchObject({ status: "delivered" });
  });

  it("an order of a service only: the owner's \u201cEntregue\u201d says it was held", async () => {
    const built = await buildOrder(t.db, { numericId: 103, shipping: false });
    const admin = await buildCustomer(t.db, "Admin");
    await confirmPayment(t.services, built.orderId, admin);
    await moveOrderStatus(t.services, built.orderId, "delivered", admin);
    expect(await orderOf(built.orderId)).toMatchObject({ status: "delivered" });
    expect((await orderFulfilment(t.db, built.orderId)).parts).toEqual([
      expect.objectContaining({ kind: "service", state: "held", doneAt: expect.any(String) }),
    ]);
  });

  it("another customer's order is not found", async () => {
    const order = await paidMixedOrder();
    await expect(orderFulfilment(t.db, order.orderId, "someone-else")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("a return of a mixed order", () => {
  it("gives back the goods and the freight, not the consultoria already held", async () => {
    const order = await paidMixedOrder();
    await markServiceHeld(t.services, order.orderId, CONSULTORIA, order.admin);
    await addTracking(t.services, order.orderId, "AA123456785BR", order.admin);
    await markParcelDelivered(t.services, order.orderId, order.admin);
    expect(await orderOf(order.orderId)).toMatchObject({ status: "delivered", totalCents: 370_00 });

    await requestWithdrawal(t.services, order.orderId, order.userId, { reason: "Não gostei", unopened: true });
    const [returned] = await t.db.select().from(orderReturns).where(eq(orderReturns.orderId, order.orderId));
    expect(returned).toMatchObject({ amountCents: 70_00, items: [expect.objectContaining({ productId: order.productId })] });
    await acceptReturn(t.services, order.orderId, order.admin);

    await expect(refundOrder(t.services, order.orderId, order.admin, { amountCents: 370_00 })).rejects.toMatchObject({
      code: "refund_over_return",
    });
    await refundOrder(t.services, order.orderId, order.admin, { amountCents: 70_00 });
    expect(await orderOf(order.orderId)).toMatchObject({ status: "partially_refunded" });
    const [refund] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId));
    expect(refund).toMatchObject({ amountCents: 70_00 });
  });
});
