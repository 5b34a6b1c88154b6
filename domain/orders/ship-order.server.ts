/**
 * Flow: the admin adds (or corrects) the Correios tracking code. A paid or preparing order moves to
 * `shipped` with it; the customer gets tracking_added (through the machine's effects).
 */
import { DomainError } from "#domain/errors.ts";
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { trackingMessage } from "#domain/orders/order-messages.ts";
import { isValidTrackingCode, normalizeTrackingCode, TRACKING_CODE_MESSAGE } from "#domain/orders/order-status.ts";
import type { Services } from "#domain/orders/order-store.server.ts";

export function addTracking(services: Services, id: string, rawCode: string, adminId: string): Promise<void> {
  const code = normalizeTrackingCode(rawCode);
  if (!isValidTrackingCode(code)) throw new DomainError("invalid", "invalid_tracking_code", TRACKING_CODE_MESSAGE);
  return changeAsAdmin(services, id, { adminId, action: "order.add_tracking" }, async (order, tx) => {
    if (!order.shippingMethod) throw new DomainError("conflict", "no_shipping", "Este pedido não tem envio.");
    const tracking = trackingMessage({ number: order.number, totalCents: order.totalCents }, code);
    if (order.status === "shipped") {
      await moveOrder(tx, services, order, {
        reason: "tracking_corrected",
        actorUserId: adminId,
        note: code,
        set: { trackingCode: code },
        message: tracking,
      });
      return;
    }
    if (order.status !== "paid" && order.status !== "preparing") {
      throw new DomainError("conflict", "invalid_transition", "Só é possível informar o rastreio de pedidos pagos.");
    }
    // A paid order is prepared and shipped in one go: both steps in its history.
    const ready =
      order.status === "paid"
        ? await moveOrder(tx, services, order, { to: "preparing", reason: "preparation_started", actorUserId: adminId })
        : order;
    await moveOrder(tx, services, ready, {
      to: "shipped",
      reason: "shipped",
      actorUserId: adminId,
      note: code,
      set: { trackingCode: code },
      message: tracking,
    });
  });
}
