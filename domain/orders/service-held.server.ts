/**
 * Flow: the owner marks one service of an order as held ("Marcar como realizada", decision 081).
 * The last part delivered delivers the order (the machine starts the rating reminder and the
 * withdrawal clock); before that the order keeps its status, with the service's entry in its
 * history and the customer told what is left. Marking it again changes nothing.
 */
import { and, eq } from "drizzle-orm";
import { orderItems } from "#platform/db/tables/orders.ts";
import { DomainError } from "#domain/errors.ts";
import { serviceNotFound } from "#domain/orders/order-parts-errors.ts";
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { partDeliveredMessage } from "#domain/orders/order-messages.ts";
import { carrierEventsOf, hasGoods, serviceLines, servicesNotHeld } from "#domain/orders/order-parts.server.ts";
import type { OrderRow, Services, Tx } from "#domain/orders/order-store.server.ts";

/** Whether nothing but services can keep the order from delivered: no goods, or goods the carrier (or the owner) said arrived. */
async function goodsArrived(tx: Tx, order: OrderRow): Promise<boolean> {
  if (!(await hasGoods(tx, order.id))) return true;
  const events = await carrierEventsOf(tx, order.id);
  const last = events.filter((event) => event.moved).at(-1);
  return last?.status === "delivered";
}

export function markServiceHeld(services: Services, orderId: string, productId: string, adminId: string): Promise<void> {
  return changeAsAdmin(services, orderId, { adminId, action: "order.service_held", details: { productId } }, async (order, tx) => {
    const line = (await serviceLines(tx, order.id)).find((candidate) => candidate.productId === productId);
    if (!line) throw serviceNotFound();
    if (line.heldAt) return;
    if (!["paid", "preparing", "shipped"].includes(order.status)) {
      throw new DomainError("conflict", "invalid_transition", "Só é possível marcar serviços de pedidos pagos e não encerrados.");
    }
    await tx
      .update(orderItems)
      .set({ heldAt: new Date(), heldBy: adminId })
      .where(and(eq(orderItems.id, line.id), eq(orderItems.orderId, order.id)));
    const waiting = (await servicesNotHeld(tx, order.id)).map((other) => other.productName);
    const arrived = await goodsArrived(tx, order);
    if (waiting.length === 0 && arrived && (order.status === "shipped" || !order.shippingMethod)) {
      await moveOrder(tx, services, order, { to: "delivered", reason: "delivered", actorUserId: adminId });
      return;
    }
    if (!arrived) waiting.unshift("a entrega dos produtos");
    await moveOrder(tx, services, order, {
      reason: "service_held",
      actorUserId: adminId,
      note: line.productName,
      message: partDeliveredMessage(
        { number: order.number, totalCents: order.totalCents },
        { what: line.productName, done: "realizada" },
        waiting,
      ),
    });
  });
}
