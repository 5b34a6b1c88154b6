/**
 * Flow: an unpaid order is paid. Either the provider said so (the charge read back, decision 036)
 * or an admin saw the money of a static Pix arrive. The machine's effects do the rest: cart done,
 * referral reward, the digital delivery in the e-mail.
 */
import { paymentMessage } from "#domain/orders/order-messages.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import type { OrderRow, Services, Tx } from "#domain/orders/order-store.server.ts";

export type PaidBy = { provider: string; providerChargeId: string } | { adminId: string; note?: string | null };

export function payOrder(tx: Tx, services: Services, order: OrderRow, by: PaidBy): Promise<OrderRow> {
  const message = paymentMessage({ number: order.number, totalCents: order.totalCents }, "paid");
  if ("provider" in by) {
    return moveOrder(tx, services, order, {
      to: "paid",
      reason: "paid_by_provider",
      actorUserId: null,
      note: `${by.provider} ${by.providerChargeId}`,
      message,
    });
  }
  return moveOrder(tx, services, order, {
    to: "paid",
    reason: "paid_confirmed_by_admin",
    actorUserId: by.adminId,
    note: by.note ?? null,
    message,
  });
}
