/**
 * The frame of every admin action on an order (issue 17 item 8): one transaction, the order's row
 * locked, the flow's moves made through the order machine (whose effects tell the customer), and
 * the audit entry with the order as the admin saw it before and after. Also the two admin flows
 * that are only a move: confirming a static Pix, and the free "Mudar status".
 */
import { eq } from "drizzle-orm";
import { orders } from "#platform/db/tables/orders.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import { paymentMessage } from "#domain/orders/order-messages.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { adminMoveReason } from "#domain/orders/order-moves.ts";
import { hasGoods, holdAllServices } from "#domain/orders/order-parts.server.ts";
import type { OrderStatus } from "#domain/orders/order-status.ts";
import { lockOrder, type OrderRow, type Services, type Tx } from "#domain/orders/order-store.server.ts";
import { payOrder } from "#domain/orders/pay-order.server.ts";
import { refundOf } from "#domain/orders/refunds.server.ts";

/** An admin's action on an order: who, and the audit log's code for it (issue 17 item 8). */
export type AdminAction = {
  adminId: string;
  action: string;
  /** What else the entry keeps (a reply's words, a refund's note). */ details?: Record<string, unknown>;
};

/** What the audit log keeps of an order, before and after an admin's action. */
async function auditedFields(tx: Tx, order: OrderRow) {
  const refund = await refundOf(tx, order.id);
  return {
    status: order.status,
    trackingCode: order.trackingCode,
    cancelReason: order.cancelReason,
    refundCents: refund?.amountCents ?? null,
  };
}

/** Runs `flow` on the locked order inside one transaction, then writes the audit entry. */
export async function changeAsAdmin(
  services: Services,
  id: string,
  by: AdminAction,
  flow: (order: OrderRow, tx: Tx) => Promise<unknown>,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const before = await auditedFields(tx, order);
    await flow(order, tx);
    const [after] = await tx.select().from(orders).where(eq(orders.id, id));
    await recordAudit(tx, {
      actorUserId: by.adminId,
      action: by.action,
      entityType: "order",
      entityId: id,
      entityLabel: String(order.number),
      before,
      after: after ? { ...(await auditedFields(tx, after)), ...by.details } : null,
    });
  });
}

/** Static Pix: the admin saw the money arrive. */
export function confirmPayment(services: Services, id: string, adminId: string): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action: "order.confirm_payment" }, (order, tx) => {
    if (order.status !== "pending_payment")
      throw new DomainError("conflict", "invalid_transition", "Este pedido não está aguardando pagamento.");
    return payOrder(tx, services, order, { adminId });
  });
}

/** The admin's free "Mudar status": any edge of the admin's graph, with the admin's note. */
export function moveOrderStatus(services: Services, id: string, to: OrderStatus, adminId: string, note?: string | null): Promise<void> {
  return changeAsAdmin(services, id, { adminId, action: "order.move_status" }, async (order, tx) => {
    const facts = { number: order.number, totalCents: order.totalCents };
    const reason = adminMoveReason(to);
    if (reason === "paid_confirmed_by_admin") return payOrder(tx, services, order, { adminId, note });
    const message = to === "refunded" ? paymentMessage(facts, "refunded") : undefined;
    // The shop's cancel reason is what the customer reads as "Motivo do cancelamento".
    const set = to === "cancelled" ? { cancelReason: note ?? "Cancelado pela loja" } : undefined;
    // An order of services only has nothing else "Entregue" can mean: they were held (decision 081).
    // With goods in it the machine refuses while a service waits, so the parcel never stands for it.
    if (to === "delivered" && !(await hasGoods(tx, order.id))) await holdAllServices(tx, order.id, adminId);
    return moveOrder(tx, services, order, { to, reason, actorUserId: adminId, note, message, set });
  });
}
