import { describe, expect, it } from "vitest";
import { confirmPayment, moveOrderStatus } from "#domain/orders/admin-order-flows.server.ts";
import { ownerToday } from "#domain/orders/owner-today.server.ts";
import { ORDER_MOVED_EVENT } from "#domain/orders/owner-today-schemas.ts";
import { ADMINS_TOPIC, realtimeBus, type RealtimeMessage } from "#platform/realtime/bus.ts";
import { addTracking } from "#domain/orders/ship-order.server.ts";
import { requestWithdrawal } from "#domain/orders/withdrawal.server.ts";
import { buildCustomer, buildOrder } from "#test/builders.ts";
import { setUpTestDatabase } from "#test/database.ts";

/* Issue 31 item 5: the owner's first screen counts what waits for them, and each order leaves its count once handled. */

const t = setUpTestDatabase();

describe("what the owner must do now", () => {
  it("counts Pix waiting, orders to pack, labels to make and returns, and each order moves from one to the next", async () => {
    const admin = await buildCustomer(t.db, "Dona");
    const start = await ownerToday(t.db);
    const order = await buildOrder(t.db);
    expect(await ownerToday(t.db)).toEqual({ ...start, pixWaiting: start.pixWaiting + 1 });
    await confirmPayment(t.services, order.orderId, admin);
    expect(await ownerToday(t.db)).toEqual({ ...start, toPack: start.toPack + 1 });
    await moveOrderStatus(t.services, order.orderId, "preparing", admin);
    expect(await ownerToday(t.db)).toEqual({ ...start, toLabel: start.toLabel + 1 });
    await addTracking(t.services, order.orderId, "AA123456785BR", admin);
    expect(await ownerToday(t.db)).toEqual(start);

    const withdrawn = await buildOrder(t.db);
    await confirmPayment(t.services, withdrawn.orderId, admin);
    await requestWithdrawal(t.services, withdrawn.orderId, withdrawn.userId, { reason: "Mudei de ideia.", unopened: false });
    expect((await ownerToday(t.db)).returns).toBe(start.returns + 1);
  });

  it("tells the admins' open pages of every move through the realtime stream, so the counts update at once", async () => {
    const admin = await buildCustomer(t.db, "Dona");
    const received: RealtimeMessage[] = [];
    const bus = realtimeBus(t.db);
    const stop = bus.subscribe([ADMINS_TOPIC], (message) => received.push(message));
    try {
      await bus.ready();
      const order = await buildOrder(t.db);
      await confirmPayment(t.services, order.orderId, admin);
      await moveOrderStatus(t.services, order.orderId, "preparing", admin);
      await expect
        .poll(() => received.filter((message) => message.type === ORDER_MOVED_EVENT).map((message) => message.data), { timeout: 5_000 })
        .toEqual([{ order_id: order.orderId }, { order_id: order.orderId }]);
    } finally {
      stop();
    }
  });
});
