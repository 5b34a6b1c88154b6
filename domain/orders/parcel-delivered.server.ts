/**
 * Flow: with the table provider no carrier reports the delivery, so the owner says the goods
 * arrived ("Produtos entregues" on the order page, decision 081). It is the carrier's
 * "delivered" told by the owner (recordCarrierEvent): the order is delivered when nothing else
 * waits, else the goods' delivery is in its history and the customer is told what is left.
 */
import { DomainError } from "#domain/errors.ts";
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { recordCarrierEvent } from "#domain/orders/carrier-events.server.ts";
import type { Services } from "#domain/orders/order-store.server.ts";

export function markParcelDelivered(services: Services, id: string, adminId: string): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action: "order.parcel_delivered" }, async (order, tx) => {
    if (order.status !== "shipped")
      throw new DomainError("conflict", "invalid_transition", "Só pedidos enviados podem ter os produtos entregues.");
    await recordCarrierEvent(tx, services, {
      orderId: order.id,
      source: "owner",
      // One delivery per order from the owner: a second tap finds its row and changes nothing.
      eventId: `owner:delivered:${order.id}`,
      status: "delivered",
      trackingCode: null,
      trackingUrl: null,
      at: new Date(),
      actorUserId: adminId,
    });
  });
}
