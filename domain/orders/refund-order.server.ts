/**
 * Flow: the admin records the refund they sent: any amount up to the total, once per order (a
 * second attempt, even at the same moment, is refused with the first one's date and amount). The
 * admin says they sent it: the refund is recorded as paid. An order still paid, in preparation,
 * shipped or delivered becomes `refunded` with the whole total, `partially_refunded` with less (it
 * stays revenue, less the refund); one the shop cancelled after payment (or already marked
 * refunded) keeps its status with the refund in its history. A return waiting for its products is
 * received with it. The customer is told the amount (the machine's effects).
 */
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { refundMessage } from "#domain/orders/order-messages.ts";
import { isDeclaredMove } from "#domain/orders/order-moves.ts";
import type { Services } from "#domain/orders/order-store.server.ts";
import { refundRefusal } from "#domain/orders/refunds.server.ts";
import { paidCardPayment } from "#domain/payments/card-payments.server.ts";

export function refundOrder(
  services: Services,
  id: string,
  adminId: string,
  input: { amountCents: number; note?: string | null },
  action = "order.refund",
): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action, details: input.note ? { note: input.note } : undefined }, async (order, tx) => {
    const refused = await refundRefusal(tx, order, input.amountCents);
    if (refused) throw refused;
    const whole = input.amountCents === order.totalCents;
    const reason = whole ? "refunded_by_admin" : "partially_refunded_by_admin";
    const to = whole ? "refunded" : "partially_refunded";
    const moves = isDeclaredMove(reason, order.status, to);
    const paidWith = (await paidCardPayment(tx, order.id)) ? ("card" as const) : ("pix" as const);
    await moveOrder(tx, services, order, {
      to: moves ? to : order.status,
      reason: moves ? reason : "refund_recorded",
      actorUserId: adminId,
      note: input.note ?? null,
      amountCents: input.amountCents,
      message: refundMessage({ number: order.number, totalCents: order.totalCents, refundCents: input.amountCents, paidWith }),
    });
  });
}
