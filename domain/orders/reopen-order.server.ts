/**
 * Flow: an order cancelled because its Pix expired comes back to pending_payment, the one way back
 * from an end (declared in order-moves.ts, only after `pix_expired`). Two things reopen it: the
 * customer's "Gerar novo Pix" (renew-pix.server.ts, with the new charge's columns) and a payment of
 * the old Pix that arrived late (reconciliation, which then pays it). The machine's effects take the
 * stock again (all or nothing) and give the order its cart back; a product that ran out refuses it.
 */
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import type { OrderMessage } from "#domain/orders/order-messages.ts";
import type { OrderRow, Services, Tx } from "#domain/orders/order-store.server.ts";
import type { orders } from "#platform/db/schema.ts";

export type Reopening =
  | { reason: "pix_renewed"; actorUserId: string; set: Partial<typeof orders.$inferInsert>; message: OrderMessage }
  | { reason: "paid_after_expiry"; actorUserId: null; set?: undefined; message?: undefined };

export function reopenOrder(tx: Tx, services: Services, order: OrderRow, reopening: Reopening): Promise<OrderRow> {
  return moveOrder(tx, services, order, {
    to: "pending_payment",
    reason: reopening.reason,
    actorUserId: reopening.actorUserId,
    set: reopening.set,
    // A late payment is paid at once: the "paid" notification says it all.
    message: reopening.message ?? null,
  });
}
