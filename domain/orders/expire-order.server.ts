/**
 * Flow: an unpaid order whose Pix expired ends (the expiry job, or the provider saying its charge
 * expired). The machine's effects give back its stock, its cart, its coupon and credit.
 */
import { paymentMessage } from "#domain/orders/order-messages.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { PIX_EXPIRED_REASON } from "#domain/orders/order-status.ts";
import type { OrderRow, Services, Tx } from "#domain/orders/order-store.server.ts";

export function expireOrder(tx: Tx, services: Services, order: OrderRow): Promise<OrderRow> {
  return moveOrder(tx, services, order, {
    to: "cancelled",
    reason: "pix_expired",
    actorUserId: null,
    // What the customer reads as the cancellation's reason; decisions read status_reason, not this text.
    set: { cancelReason: PIX_EXPIRED_REASON },
    message: paymentMessage({ number: order.number, totalCents: order.totalCents }, "expired"),
  });
}
