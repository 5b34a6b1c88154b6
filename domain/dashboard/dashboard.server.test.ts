import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, orderRefunds, orderReturns, orders, products } from "#platform/db/schema.ts";
import { getDashboard } from "#domain/dashboard/dashboard.server.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";
import type { OrderStatusReason } from "#domain/orders/order-moves.ts";
import { setUpTestDatabase } from "#test/database.ts";

/*
 * Issue 17 item 1: the dashboard's figures, on a real PostgreSQL. "Now" is fixed at noon in São
 * Paulo on 10 March 2026 (15:00 UTC), so the day boundaries are São Paulo's midnights (03:00 UTC).
 */

const t = setUpTestDatabase();
const NOW = new Date("2026-03-10T15:00:00Z");

let counter = 0;
type OrderFields = {
  totalCents: number;
  status?: OrderStatus;
  paidAt?: string | null;
  createdAt?: string;
  pixExpiresAt?: string;
  customerName?: string;
};

/** An order row as checkout and the admin leave it (the money columns add up: the table checks it). */
async function insertOrder(fields: OrderFields): Promise<{ id: string; number: number }> {
  counter += 1;
  const createdAt = new Date(fields.createdAt ?? fields.paidAt ?? NOW.toISOString());
  const [row] = await t.db
    .insert(orders)
    .values({
      customerEmail: `cliente${counter}@example.com`,
      customerName: fields.customerName ?? `Cliente ${counter}`,
      status: fields.status ?? (fields.paidAt ? "paid" : "pending_payment"),
      subtotalCents: fields.totalCents,
      totalCents: fields.totalCents,
      pixTxid: `TESTE${counter}${Date.now()}`,
      pixCode: "000201",
      pixExpiresAt: new Date(fields.pixExpiresAt ?? createdAt.getTime() + 30 * 60_000),
      paidAt: fields.paidAt ? new Date(fields.paidAt) : null,
      createdAt,
    })
    .returning({ id: orders.id, number: orders.number });
  return row!;
}

beforeEach(async () => {
  // Each test states every order it counts.
  await t.db.delete(orders);
  await t.db.delete(auditLog);
});

describe("the dashboard's revenue", () => {
  it("counts paid orders only, by the São Paulo day they were paid on, today, in 7 and in 30 days", async () => {
    // Today in São Paulo starts at 03:00 UTC: a payment a second earlier was yesterday evening there.
    await insertOrder({ totalCents: 100_00, paidAt: "2026-03-10T03:00:00Z" });
    await insertOrder({ totalCents: 200_00, paidAt: "2026-03-10T02:59:59Z" });
    // The 7 days are 4 to 10 March; the 30 days, 9 February to 10 March.
    await insertOrder({ totalCents: 400_00, paidAt: "2026-03-04T03:00:00Z" });
    await insertOrder({ totalCents: 800_00, paidAt: "2026-03-04T02:59:59Z" });
    await insertOrder({ totalCents: 1_000_00, paidAt: "2026-02-09T03:00:00Z" });
    await insertOrder({ totalCents: 2_000_00, paidAt: "2026-02-09T02:59:59Z" });
    // Not revenue: unpaid, paid then cancelled, paid then refunded.
    await insertOrder({ totalCents: 4_000_00, createdAt: "2026-03-10T12:00:00Z" });
    await insertOrder({ totalCents: 8_000_00, paidAt: "2026-03-10T12:00:00Z", status: "cancelled" });
    await insertOrder({ totalCents: 16_000_00, paidAt: "2026-03-10T12:00:00Z", status: "refunded" });
    // Delivered with R$ 50 of R$ 150 given back: R$ 100 stays.
    const partly = await insertOrder({ totalCents: 150_00, paidAt: "2026-03-10T13:00:00Z", status: "delivered" });
    await t.db.insert(orderRefunds).values({ orderId: partly.id, amountCents: 50_00, shippingCents: 0, reason: "admin" });

    const dashboard = await getDashboard(t.db, NOW);

    expect(dashboard.today).toBe("2026-03-10");
    expect(dashboard.timeZone).toBe("America/Sao_Paulo");
    expect(dashboard.revenue).toEqual({
      today: { revenueCents: 200_00, orderCount: 2 },
      last7Days: { revenueCents: 800_00, orderCount: 4 },
      last30Days: { revenueCents: 2_600_00, orderCount: 6 },
    });
    // The chart: 30 days, oldest first, days without sales at zero.
    expect(dashboard.dailyRevenue).toHaveLength(30);
    expect(dashboard.dailyRevenue[0]).toEqual({ date: "2026-02-09", revenueCents: 1_000_00, orderCount: 1 });
    expect(dashboard.dailyRevenue.at(-1)).toEqual({ date: "2026-03-10", revenueCents: 200_00, orderCount: 2 });
    expect(dashboard.dailyRevenue.find((day) => day.date === "2026-03-09")).toEqual({
      date: "2026-03-09",
      revenueCents: 200_00,
      orderCount: 1,
    });
    expect(dashboard.dailyRevenue.find((day) => day.date === "2026-03-03")).toEqual({
      date: "2026-03-03",
      revenueCents: 800_00,
      orderCount: 1,
    });
    expect(dashboard.dailyRevenue.filter((day) => day.revenueCents === 0)).toHaveLength(25);
  });

  it("starts a new day at midnight in São Paulo: just before it, today's payment is in the evening's day", async () => {
    await insertOrder({ totalCents: 300_00, paidAt: "2026-03-10T02:30:00Z" });
    // 23:59 in São Paulo on 9 March is already 10 March in UTC.
    const evening = await getDashboard(t.db, new Date("2026-03-10T02:59:00Z"));
    expect(evening.today).toBe("2026-03-09");
    expect(evening.revenue.today).toEqual({ revenueCents: 300_00, orderCount: 1 });
    const nextMorning = await getDashboard(t.db, new Date("2026-03-10T03:00:00Z"));
    expect(nextMorning.today).toBe("2026-03-10");
    expect(nextMorning.revenue.today).toEqual({ revenueCents: 0, orderCount: 0 });
    expect(nextMorning.revenue.last7Days).toEqual({ revenueCents: 300_00, orderCount: 1 });
  });
});

describe("the dashboard's lists", () => {
  it("counts the orders in every status, zero included", async () => {
    await insertOrder({ totalCents: 10_00 });
    await insertOrder({ totalCents: 10_00 });
    await insertOrder({ totalCents: 10_00, paidAt: NOW.toISOString() });
    await insertOrder({ totalCents: 10_00, paidAt: NOW.toISOString(), status: "shipped" });
    const { ordersByStatus } = await getDashboard(t.db, NOW);
    expect(ordersByStatus).toEqual([
      { status: "pending_payment", count: 2 },
      { status: "paid", count: 1 },
      { status: "preparing", count: 0 },
      { status: "shipped", count: 1 },
      { status: "delivered", count: 0 },
      { status: "cancelled", count: 0 },
      { status: "refunded", count: 0 },
      { status: "partially_refunded", count: 0 },
    ]);
  });

  it("lists the Pix still payable, soonest to expire first, with the seconds left; an overdue one is not waited for", async () => {
    const later = await insertOrder({ totalCents: 50_00, pixExpiresAt: "2026-03-10T15:25:00Z", customerName: "Ana" });
    const sooner = await insertOrder({ totalCents: 70_00, pixExpiresAt: "2026-03-10T15:10:30Z", customerName: "Bia" });
    await insertOrder({ totalCents: 90_00, pixExpiresAt: "2026-03-10T14:59:59Z" });
    await insertOrder({ totalCents: 90_00, paidAt: NOW.toISOString() });
    const { pendingPix } = await getDashboard(t.db, NOW);
    expect(pendingPix).toEqual({
      count: 2,
      orders: [
        {
          id: sooner.id,
          number: sooner.number,
          customerName: "Bia",
          totalCents: 70_00,
          expiresAt: "2026-03-10T15:10:30.000Z",
          secondsLeft: 630,
        },
        {
          id: later.id,
          number: later.number,
          customerName: "Ana",
          totalCents: 50_00,
          expiresAt: "2026-03-10T15:25:00.000Z",
          secondsLeft: 1500,
        },
      ],
    });
  });

  it("lists the withdrawals waiting for their products: asked after shipping, not refunded yet", async () => {
    // A withdrawal is a row of its own (decision 044): kind and status, as the customer's request left it.
    const note = (orderId: string, reason: OrderStatusReason, at: string, text: string | null = null) =>
      t.db.insert(orderReturns).values({
        orderId,
        kind: reason === "withdrawal_before_shipping" ? "before_shipping" : "after_shipping",
        status: reason === "withdrawal_before_shipping" ? "approved" : "requested",
        reason: text,
        items: [],
        amountCents: 0,
        createdAt: new Date(at),
      });
    const waiting = await insertOrder({ totalCents: 120_00, paidAt: "2026-03-01T12:00:00Z", status: "delivered", customerName: "Carla" });
    await note(waiting.id, "return_requested", "2026-03-08T12:00:00Z", "não serviu");
    const shipped = await insertOrder({ totalCents: 80_00, paidAt: "2026-03-01T12:00:00Z", status: "shipped", customerName: "Duda" });
    await note(shipped.id, "return_requested", "2026-03-07T12:00:00Z");
    // Refund recorded: settled.
    const refunded = await insertOrder({ totalCents: 60_00, paidAt: "2026-03-01T12:00:00Z", status: "refunded" });
    await note(refunded.id, "return_requested", "2026-03-06T12:00:00Z");
    await t.db.insert(orderRefunds).values({ orderId: refunded.id, amountCents: 60_00, shippingCents: 0, reason: "withdrawal" });
    // Withdrawn before shipping: cancelled and refunded at once.
    const cancelled = await insertOrder({ totalCents: 40_00, paidAt: "2026-03-01T12:00:00Z", status: "cancelled" });
    await note(cancelled.id, "withdrawal_before_shipping", "2026-03-05T12:00:00Z");
    // Delivered, no request.
    await insertOrder({ totalCents: 30_00, paidAt: "2026-03-01T12:00:00Z", status: "delivered" });

    const { withdrawals } = await getDashboard(t.db, NOW);
    expect(withdrawals).toEqual({
      count: 2,
      orders: [
        expect.objectContaining({ id: shipped.id, customerName: "Duda", status: "shipped", requestedAt: "2026-03-07T12:00:00.000Z" }),
        expect.objectContaining({ id: waiting.id, customerName: "Carla", status: "delivered", totalCents: 120_00 }),
      ],
    });
  });

  it("alerts on stock at or below 5 units or 100 g, emptiest first; made-to-order and untracked products never", async () => {
    const stock = (numericId: number, value: number | null, madeToOrder?: boolean) =>
      t.db
        .update(products)
        .set({ stock: value, ...(madeToOrder === undefined ? {} : { madeToOrder }) })
        .where(eq(products.numericId, numericId));
    await stock(1, 0); // dried Golden Teacher: sold out (and not purchasable, as seeded)
    await stock(2, 100); // dried sample at the threshold
    await stock(3, 101);
    await stock(4, 5); // kit at the threshold
    await stock(5, 6);
    await stock(6, 15);
    await stock(7, 0, true); // spawn: made to order, its stock is not a limit
    try {
      const { stockAlerts } = await getDashboard(t.db, NOW);
      const ids = new Map(
        (await t.db.select({ id: products.id, numericId: products.numericId }).from(products)).map((row) => [row.numericId, row.id]),
      );
      const productUuid = (numericId: number) => ids.get(numericId);
      expect(
        stockAlerts.map(({ productId, stock, threshold, purchasable, unitType }) => ({
          productId,
          stock,
          threshold,
          purchasable,
          unitType,
        })),
      ).toEqual([
        { productId: productUuid(1), stock: 0, threshold: 100, purchasable: false, unitType: "gram" },
        { productId: productUuid(4), stock: 5, threshold: 5, purchasable: true, unitType: "unit" },
        { productId: productUuid(2), stock: 100, threshold: 100, purchasable: true, unitType: "gram" },
      ]);
    } finally {
      await stock(7, null, true);
    }
  });

  it("shows the audit log's five newest entries", async () => {
    for (let i = 1; i <= 6; i++) {
      await t.db.insert(auditLog).values({
        actorEmail: "dona@example.com",
        action: "order.confirm_payment",
        entityType: "order",
        entityId: `pedido-${i}`,
        createdAt: new Date(Date.UTC(2026, 2, 10, 12, i)),
      });
    }
    const { recentAudit } = await getDashboard(t.db, NOW);
    expect(recentAudit.map((entry) => entry.entityId)).toEqual(["pedido-6", "pedido-5", "pedido-4", "pedido-3", "pedido-2"]);
  });
});
