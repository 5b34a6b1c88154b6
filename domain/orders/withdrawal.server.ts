/**
 * The customer's withdrawal (CDC art. 49; docs/requirements.md "Orders"), online from payment until 7 days
 * after delivery. Before the parcel leaves it cancels the order (stock back) and records the refund
 * of everything paid, freight included; once shipped or delivered it asks for the products back
 * (the admin's "refunded" records the refund when they arrive). Either way it is a history entry
 * (WITHDRAWAL_CANCEL_NOTE or WITHDRAWAL_NOTE), the customer gets a notification and its e-mail at
 * once, and the admins an e-mail.
 */
import { and, eq, inArray, or, sql, like } from "drizzle-orm";
import { orderStatusHistory, users } from "#platform/db/schema.ts";
import { enqueueEmails } from "#platform/mail/email-queue.ts";
import { DomainError } from "#domain/errors.ts";
import { withdrawalRequestMessage } from "#domain/notifications/mail-templates.ts";
import {
  adminUserIds,
  createNotifications,
  enqueueNotificationEmails,
  type CreatedNotification,
} from "#domain/notifications/notifications.server.ts";
import { withdrawalCancelledMessage, withdrawalReturnMessage } from "#domain/orders/order-messages.ts";
import {
  formatDate,
  WITHDRAWAL_CANCEL_NOTE,
  WITHDRAWAL_NOTE,
  withdrawalDeadline,
  withdrawalMode,
  type WithdrawalMode,
} from "#domain/orders/order-status.ts";
import { iso, lockOrder, notFound, type OrderRow, type Services, toNotification, type Tx } from "#domain/orders/order-store.server.ts";
import { applyChange } from "#domain/orders/order-transitions.server.ts";
import { recordRefund } from "#domain/orders/refunds.server.ts";
import { formatBRL } from "#domain/pricing/money.ts";

type HistoryRow = Pick<typeof orderStatusHistory.$inferSelect, "fromStatus" | "toStatus" | "note" | "createdAt">;

export const UNOPENED_MESSAGE = "Confirme que os produtos estão lacrados, na embalagem original.";

function isWithdrawalEntry(entry: HistoryRow): boolean {
  const note = entry.note ?? "";
  return note.startsWith(WITHDRAWAL_NOTE) || note.startsWith(WITHDRAWAL_CANCEL_NOTE);
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
    const earlier = await tx
      .select()
      .from(orderStatusHistory)
      .where(
        and(
          eq(orderStatusHistory.orderId, id),
          or(like(orderStatusHistory.note, `${WITHDRAWAL_NOTE}%`), like(orderStatusHistory.note, `${WITHDRAWAL_CANCEL_NOTE}%`)),
        ),
      );
    if (earlier.some(isWithdrawalEntry)) return { order, replayed: true as const, mode: null };
    const refused = refusal(order);
    if (refused) throw refused;
    const mode = withdrawalMode(order.status)!;
    if (mode === "return" && !request.unopened) throw new DomainError("invalid", "unopened_required", UNOPENED_MESSAGE);
    const facts = { number: order.number, totalCents: order.totalCents, refundCents: order.totalCents };
    const reasonSuffix = request.reason ? `. Motivo: ${request.reason}` : "";
    let created: CreatedNotification[];
    if (mode === "cancel") {
      created = await applyChange(tx, services, order, {
        to: "cancelled",
        actorUserId: customerId,
        note: `${WITHDRAWAL_CANCEL_NOTE}${reasonSuffix}`,
        set: { cancelReason: WITHDRAWAL_CANCEL_NOTE },
        message: withdrawalCancelledMessage(facts),
      });
      await recordRefund(tx, order, "withdrawal");
    } else {
      await tx.insert(orderStatusHistory).values({
        orderId: id,
        fromStatus: order.status,
        toStatus: order.status,
        note: `${WITHDRAWAL_NOTE}${reasonSuffix}`,
        actorUserId: customerId,
        createdAt: sql`clock_timestamp()`,
      });
      created = await createNotifications(tx, [toNotification(customerId, order.id, withdrawalReturnMessage(facts))]);
    }
    // Queued in the request's transaction (decision 014): they exist only if the withdrawal commits.
    await enqueueNotificationEmails(tx, services, created);
    await emailAdminsOfWithdrawal(tx, services, order, mode, request.reason);
    return { order, replayed: false as const, mode };
  });
  return { replayed: result.replayed, mode: result.mode };
}

async function emailAdminsOfWithdrawal(
  tx: Tx,
  services: Services,
  order: OrderRow,
  mode: WithdrawalMode,
  reason: string | null,
): Promise<void> {
  const adminIds = await adminUserIds(services, tx);
  if (adminIds.length === 0) return;
  const admins = await tx.select({ email: users.email, name: users.name }).from(users).where(inArray(users.id, adminIds));
  const requestedOn = formatDate(new Date());
  await enqueueEmails(
    tx,
    services.config,
    admins.map((admin) =>
      withdrawalRequestMessage({
        to: admin.email,
        name: admin.name,
        order,
        mode,
        amount: formatBRL(order.totalCents),
        requestedOn,
        reason,
        publicUrl: services.config.PUBLIC_URL,
      }),
    ),
  );
}
