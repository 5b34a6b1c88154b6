/**
 * Cancelling a label before it is posted (issue 30 item 4): still in Melhor Envio's cart, it is
 * removed; paid, Melhor Envio cancels it and refunds the wallet (about 12 hours after it confirms the
 * parcel was not posted), which the label notes. A posted label cannot be cancelled.
 */
import type { AppServices } from "#platform/services.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { labelNotCancellable, labelNotFound, labelRefused } from "#domain/labels/label-errors.ts";
import type { OrderLabel } from "#domain/labels/label-schemas.ts";
import { lockLabel, moveLabel } from "#domain/labels/label-store.server.ts";
import { liveLabels, orderLabel } from "#domain/labels/buy-labels.server.ts";
import { cancelShipment, LabelRefusal, readShipment } from "#domain/labels/melhor-envio-shipments.server.ts";

type Services = Pick<AppServices, "config" | "db" | "logger">;

export async function cancelLabel(services: Services, actorUserId: string, orderId: string): Promise<OrderLabel> {
  const [label] = await liveLabels(services, [orderId]);
  if (!label) throw labelNotFound();
  if (label.status === "used") throw labelNotCancellable();
  let refundNote: string | null = null;
  if (label.shipmentId) {
    const shipment = await readShipment(services, label.shipmentId).catch((error: unknown) => {
      if (error instanceof LabelRefusal) throw labelRefused(error.message);
      throw error;
    });
    if (shipment && ["posted", "delivered", "undelivered"].includes(shipment.status)) throw labelNotCancellable();
    if (shipment && shipment.status !== "canceled" && shipment.status !== "expired") {
      const paid = shipment.status !== "pending";
      try {
        await cancelShipment(services, shipment.id, paid);
      } catch (error) {
        if (error instanceof LabelRefusal) throw labelRefused(error.message);
        throw error;
      }
      if (paid && label.priceCents !== null) {
        refundNote = `${formatBRL(label.priceCents)} voltam à carteira do Melhor Envio em até 12 horas.`;
      }
    }
  }
  await services.db.transaction(async (tx) => {
    const locked = await lockLabel(tx, label.id);
    if (!locked || locked.status === "cancelled") return;
    await moveLabel(
      tx,
      locked,
      "cancelled",
      { refundNote, providerStatus: locked.shipmentId ? "canceled" : locked.providerStatus },
      refundNote ?? "Cancelada pela dona.",
    );
    await recordAudit(tx, {
      actorUserId,
      action: "label.cancel",
      entityType: "order",
      entityId: orderId,
      before: { labelId: label.id },
      after: { refundNote },
    });
  });
  return orderLabel(services, orderId);
}
