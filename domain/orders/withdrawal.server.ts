/**
 * The customer's withdrawal (CDC art. 49; docs/requirements.md "Orders"), online from payment until 7 days
 * after delivery. Before the parcel leaves it cancels the order (stock back) and records the refund
 * of everything paid, freight included; once shipped or delivered it asks for the products back
 * (the admin's "refunded" records the refund when they arrive). Either way it is a history entry
 * (reason withdrawal_before_shipping or return_requested), the customer gets a notification and its e-mail at
 * once, and the admins an e-mail.
 */
import { UNOPENED_MESSAGE } from "#domain/orders/order-schemas.ts";
import { and, eq, inArray } from "drizzle-orm";
import { orderStatusHistory } from "#platform/db/tables/orders.ts";
import { DomainError } from "#domain/errors.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { withdrawalCancelledMessage, withdrawalReturnMessage } from "#domain/orders/order-messages.ts";
import type { OrderStatusReason } from "#domain/orders/order-moves.ts";
import {
  formatDate,
  WITHDRAWAL_CANCEL_NOTE,
  withdrawalDeadline,
  withdrawalMode,
  type WithdrawalMode,
} from "#domain/orders/order-status.ts";
import { returnShare } from "#domain/orders/order-returns.server.ts";
import { iso, lockOrder, notFound, type OrderRow, type Services } from "#domain/orders/order-store.server.ts";

type HistoryRow = Pick<typeof orderStatusHistory.$inferSelect, "reason" | "createdAt">;

/** The reasons of a customer's withdrawal: before shipping (cancelled) or after (the products come back). */
export const WITHDRAWAL_REASONS = ["withdrawal_before_shipping", "return_requested"] as const satisfies readonly OrderStatusReason[];

function isWithdrawalEntry(entry: HistoryRow): boolean {
  return (WITHDRAWAL_REASONS as readonly OrderStatusReason[]).includes(entry.reason);
}

/** What the order view shows: whether and how the customer can withdraw now (decided at read time). */
export function withdrawalState(row: OrderRow, history: HistoryRow[]) {
  const requested = history.find(isWithdrawalEntry);
  const deadline = row.deliveredAt ? withdrawalDeadline(row.deliveredAt) : null;
  const mode = withdrawalMode(row.status);
  const inTime = row.status !== "delivered" || (deadline !== null && Date.now() <= deadline.getTime());
  return {
    withdrawalRequestedAt: iso(requested?.createdAt ?? null),
    withdrawalDeadline: iso(deadline),
    withdrawalOpen: !requested && mode !== null && inTime,
    withdrawalMode: requested ? null : mode,
  };
}

function refusal(order: OrderRow): DomainError | null {
  switch (order.status) {
    case "pending_payment":
      return new DomainError(
        "conflict",
        "not_paid",
        "Este pedido ainda não foi pago: não há o que devolver. Sem o pagamento, ele é cancelado quando o Pix expira.",
      );
    case "cancelled":
      return new DomainError("conflict", "order_cancelled", "Este pedido foi cancelado: não há o que devolver.");
    case "refunded":
    case "partially_refunded":
      return new DomainError("conflict", "order_refunded", "Este pedido já foi reembolsado.");
    case "delivered": {
      const deadline = withdrawalDeadline(order.deliveredAt ?? order.updatedAt);
      if (Date.now() > deadline.getTime()) {
        return new DomainError(
          "conflict",
          "withdrawal_period_over",
          `O prazo de devolução deste pedido terminou em ${formatDate(deadline)}.`,
        );
      }
      return null;
    }
    default:
      return null;
  }
}

export type WithdrawalRequest = { reason: string | null; unopened: boolean };

/**
 * Withdraws the owner's order. Asking again (or twice at once: the row lock queues the second, which
 * then sees the first entry) answers with the first request (`replayed`) and changes nothing, so the
 * refund and the confirmation happen once. Another customer's order is 404, like a missing one.
 */
export async function requestWithdrawal(
  services: Services,
  id: string,
  customerId: string,
  request: WithdrawalRequest,
): Promise<{ replayed: boolean; mode: WithdrawalMode | null }> {
  const result = await services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.userId !== customerId) throw notFound();
    const [earlier] = await tx
      .select({ id: orderStatusHistory.id })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), inArray(orderStatusHistory.reason, WITHDRAWAL_REASONS)))
      .limit(1);
    if (earlier) return { order, replayed: true as const, mode: null };
    const refused = refusal(order);
    if (refused) throw refused;
    const mode = withdrawalMode(order.status)!;
    if (mode === "return" && !request.unopened) throw new DomainError("invalid", "unopened_required", UNOPENED_MESSAGE);
    const share = await returnShare(tx, order);
    if (share.items.length === 0) {
      throw new DomainError("conflict", "nothing_to_return", "Os serviços deste pedido já foram realizados: não há o que devolver.");
    }
    const facts = { number: order.number, totalCents: order.totalCents, refundCents: share.amountCents };
    // The machine's effects record the refund (before shipping), tell the customer and e-mail the admins.
    if (mode === "cancel") {
      await moveOrder(tx, services, order, {
        to: "cancelled",
        reason: "withdrawal_before_shipping",
        actorUserId: customerId,
        note: request.reason,
        set: { cancelReason: WITHDRAWAL_CANCEL_NOTE },
        message: withdrawalCancelledMessage(facts),
      });
    } else {
      await moveOrder(tx, services, order, {
        reason: "return_requested",
        actorUserId: customerId,
        note: request.reason,
        message: withdrawalReturnMessage(facts),
      });
    }
    return { order, replayed: false as const, mode };
  });
  return { replayed: result.replayed, mode: result.mode };
}
