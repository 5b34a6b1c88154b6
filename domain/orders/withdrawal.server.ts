/**
 * The customer's withdrawal (CDC art. 49; PRODUCT.md "Orders"): a request, not a status. It is a
 * history entry (delivered → delivered, WITHDRAWAL_NOTE), so customer and admin see it in the
 * timeline without a new column; the refund stays the admin's "refunded" change.
 */
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { orderStatusHistory, users } from "#platform/db/schema.ts";
import { enqueueEmails } from "#platform/mail/mail-queue.ts";
import { DomainError } from "#domain/errors.ts";
import { withdrawalRequestMessage } from "#domain/notifications/mail-templates.ts";
import { adminUserIds } from "#domain/notifications/notifications.server.ts";
import { formatDate, WITHDRAWAL_NOTE, withdrawalDeadline } from "#domain/orders/order-status.ts";
import { iso, lockOrder, notFound, type OrderRow, type Services, type Tx } from "#domain/orders/order-store.server.ts";

type HistoryRow = Pick<typeof orderStatusHistory.$inferSelect, "fromStatus" | "toStatus" | "note" | "createdAt">;

function isWithdrawalEntry(entry: HistoryRow): boolean {
  return entry.fromStatus === "delivered" && entry.toStatus === "delivered" && (entry.note ?? "").startsWith(WITHDRAWAL_NOTE);
}

export function withdrawalState(row: OrderRow, history: HistoryRow[]) {
  const requested = history.find(isWithdrawalEntry);
  const deadline = row.deliveredAt ? withdrawalDeadline(row.deliveredAt) : null;
  return {
    withdrawalRequestedAt: iso(requested?.createdAt ?? null),
    withdrawalDeadline: iso(deadline),
    withdrawalOpen: row.status === "delivered" && !requested && deadline !== null && Date.now() <= deadline.getTime(),
  };
}

/**
 * Records the owner's withdrawal request on a delivered order within WITHDRAWAL_DAYS of delivery
 * and e-mails the admins. Asking again answers with the first request (`replayed`). Another
 * customer's order is 404, like a missing one.
 */
export async function requestWithdrawal(
  services: Services,
  id: string,
  customerId: string,
  reason: string | null,
): Promise<{ replayed: boolean }> {
  const result = await services.db.transaction(async (tx) => {
    // The row lock makes two simultaneous requests queue, so the second one sees the first entry.
    const order = await lockOrder(tx, id);
    if (order.userId !== customerId) throw notFound();
    const history = await tx
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), like(orderStatusHistory.note, `${WITHDRAWAL_NOTE}%`)));
    if (history.some(isWithdrawalEntry)) return { order, replayed: true };
    if (order.status !== "delivered" || !order.deliveredAt) {
      throw new DomainError("conflict", "not_delivered", "A devolução só pode ser pedida depois que o pedido for entregue.");
    }
    const deadline = withdrawalDeadline(order.deliveredAt);
    if (Date.now() > deadline.getTime()) {
      throw new DomainError("conflict", "withdrawal_period_over", `O prazo de devolução deste pedido terminou em ${formatDate(deadline)}.`);
    }
    await tx.insert(orderStatusHistory).values({
      orderId: id,
      fromStatus: "delivered",
      toStatus: "delivered",
      note: reason ? `${WITHDRAWAL_NOTE}. Motivo: ${reason}` : WITHDRAWAL_NOTE,
      actorUserId: customerId,
      createdAt: sql`clock_timestamp()`,
    });
    await emailAdminsOfWithdrawal(tx, services, order, reason);
    return { order, replayed: false };
  });
  return { replayed: result.replayed };
}

/** Queued in the request's transaction, like the notification e-mails (decision 014). */
async function emailAdminsOfWithdrawal(tx: Tx, services: Services, order: OrderRow, reason: string | null): Promise<void> {
  const adminIds = await adminUserIds(services, tx);
  if (adminIds.length === 0) return;
  const admins = await tx.select({ email: users.email, name: users.name }).from(users).where(inArray(users.id, adminIds));
  const requestedOn = formatDate(new Date());
  await enqueueEmails(
    tx,
    services.config,
    admins.map((admin) =>
      withdrawalRequestMessage({ to: admin.email, name: admin.name, order, requestedOn, reason, publicUrl: services.config.PUBLIC_URL }),
    ),
  );
}
