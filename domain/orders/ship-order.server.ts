/**
 * Flow: the admin adds (or corrects) the tracking code (the table provider's way, issue 30 item 5).
 * A paid or preparing order is posted through the same function as the carrier's news
 * (recordCarrierEvent, decision 080): `shipped` with the code, and the customer's tracking_added
 * and e-mail with the link to follow it. A shipped order's code is corrected (tracking_corrected).
 */
import { DomainError } from "#domain/errors.ts";
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { recordCarrierEvent } from "#domain/orders/carrier-events.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { trackingMessage } from "#domain/orders/order-messages.ts";
import { trackingPageUrl } from "#domain/orders/order-parts.ts";
import { isValidTrackingCode, normalizeTrackingCode, TRACKING_CODE_MESSAGE } from "#domain/orders/order-status.ts";
import type { Services } from "#domain/orders/order-store.server.ts";

export function addTracking(services: Services, id: string, rawCode: string, adminId: string): Promise<void> {
  const code = normalizeTrackingCode(rawCode);
  if (!isValidTrackingCode(code)) throw new DomainError("invalid", "invalid_tracking_code", TRACKING_CODE_MESSAGE);
  return changeAsAdmin(services, id, { adminId, action: "order.add_tracking" }, async (order, tx) => {
    if (!order.shippingMethod) throw new DomainError("conflict", "no_shipping", "Este pedido não tem envio.");
    if (order.status === "shipped") {
      const url = trackingPageUrl(code);
      await moveOrder(tx, services, order, {
        reason: "tracking_corrected",
        actorUserId: adminId,
        note: code,
        set: { trackingCode: code },
        message: trackingMessage({ number: order.number, totalCents: order.totalCents }, code, url),
        emailExtra: { paragraphs: [], links: [{ label: "Acompanhar a entrega", url }] },
      });
      return;
    }
    if (order.status !== "paid" && order.status !== "preparing") {
      throw new DomainError("conflict", "invalid_transition", "Só é possível informar o rastreio de pedidos pagos.");
    }
    // The owner's word is the carrier's "posted": prepared and shipped in one go, both steps in its history.
    const { moved } = await recordCarrierEvent(tx, services, {
      orderId: order.id,
      source: "owner",
      eventId: `owner:posted:${order.id}:${code}:${Date.now()}`,
      status: "posted",
      trackingCode: code,
      trackingUrl: null,
      at: new Date(),
      actorUserId: adminId,
    });
    if (!moved) throw new DomainError("conflict", "invalid_transition", "Este pedido já foi postado: atualize a página.");
  });
}
