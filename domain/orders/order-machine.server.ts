/**
 * The order machine (decision 043): the only code that writes `orders.status` and the only code
 * that inserts into `order_status_history`. Every move names its reason; the machine refuses one
 * that order-moves.ts does not declare, writes the status (with the columns that go with it) and
 * the history entry, then runs the one effects step (order-effects.server.ts) in the same
 * transaction. Flows (pay, expire, reopen, cancel, withdraw, return, refund, ship, deliver) lock
 * the order, decide, and call `moveOrder`; they never write either table themselves.
 */
import { eq, sql } from "drizzle-orm";
import { orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { DomainError } from "#domain/errors.ts";
import type { EmailExtra } from "#domain/notifications/notifications.server.ts";
import type { OrderMessage } from "#domain/orders/order-messages.ts";
import { servicesNotHeld } from "#domain/orders/order-parts.server.ts";
import { applyMoveEffects } from "#domain/orders/order-effects.server.ts";
import { isDeclaredMove, isRefundRecord, ORDER_MOVES, type OrderStatusReason } from "#domain/orders/order-moves.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#domain/orders/order-status.ts";
import type { OrderRow, Services, Tx } from "#domain/orders/order-store.server.ts";

export type Move = {
  /** Where the order goes; omitted: it stays where it is (a history entry of the same status). */
  to?: OrderStatus;
  reason: OrderStatusReason;
  actorUserId: string | null;
  /** Only what a person typed (the admin's note, the customer's reason, a tracking code, a provider's charge id). */
  note?: string | null;
  /** A refund's amount (default: the order's total). */
  amountCents?: number;
  /** Extra columns that change with the move (tracking code, the new Pix, the shop's cancel reason). */
  set?: Partial<typeof orders.$inferInsert>;
  /** The customer's notification: omitted → the status's default when the status changes; null → none. */
  message?: OrderMessage | null;
  /** More for that notification's e-mail (the parcel's tracking link, decision 080). */
  emailExtra?: EmailExtra;
};

function refusal(order: OrderRow, move: Move, to: OrderStatus): DomainError | null {
  const declared = ORDER_MOVES[move.reason];
  if (!isDeclaredMove(move.reason, order.status, to) || (declared.after && order.statusReason !== declared.after)) {
    // The statuses as the admin reads them ("Entregue"), never their code names (issue 20).
    return new DomainError(
      "conflict",
      "invalid_transition",
      `Não é possível mudar o pedido de \u201c${ORDER_STATUS_LABELS[order.status]}\u201d para \u201c${ORDER_STATUS_LABELS[to]}\u201d.`,
    );
  }
  if (to === "delivered" && order.status === "paid" && order.shippingMethod) {
    return new DomainError("conflict", "invalid_transition", "Pedidos com envio passam por preparação e envio antes da entrega.");
  }
  return null;
}

/**
 * An order is delivered only when every part is (decision 081): a consultoria not held yet keeps it
 * from "Entregue", whoever asks (the owner's "Mudar status", the carrier's delivery of the goods).
 */
async function servicesWaiting(tx: Tx, order: OrderRow, to: OrderStatus): Promise<DomainError | null> {
  if (to !== "delivered" || order.status === "delivered") return null;
  const waiting = await servicesNotHeld(tx, order.id);
  if (waiting.length === 0) return null;
  return new DomainError(
    "conflict",
    "service_not_held",
    `Ainda falta realizar: ${waiting.map((line) => line.productName).join(", ")}. Marque como realizada na página do pedido quando acontecer: o pedido fica \u201cEntregue\u201d quando todas as partes forem entregues.`,
  );
}

/**
 * Moves a locked order (the caller holds its row lock: `lockOrder` or a FOR UPDATE batch) and
 * returns it as it now is. Throws DomainError for a move not declared; the caller's transaction
 * then rolls back everything, effects included.
 */
export async function moveOrder(tx: Tx, services: Services, order: OrderRow, move: Move): Promise<OrderRow> {
  const to = move.to ?? order.status;
  const refused = refusal(order, move, to) ?? (await servicesWaiting(tx, order, to));
  if (refused) throw refused;
  const now = new Date();
  const set: Partial<typeof orders.$inferInsert> = { ...move.set, updatedAt: now };
  if (to !== order.status) {
    set.status = to;
    set.statusReason = move.reason;
    if (to === "paid") set.paidAt = now;
    if (to === "delivered") {
      set.deliveredAt = now;
      set.ratingReminderAt = new Date(now.getTime() + services.config.RATING_REMINDER_DAYS * 24 * 3600_000);
    }
    // Reopened: the old cancellation no longer describes it.
    if (to === "pending_payment") set.cancelReason = null;
  }
  const amountCents = isRefundRecord(move.reason) ? (move.amountCents ?? order.totalCents) : (move.amountCents ?? null);
  const [after] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning();
  await insertHistory(tx, order.id, order.status, to, { ...move, amountCents: amountCents ?? undefined });
  await applyMoveEffects(tx, services, {
    before: order,
    to,
    reason: move.reason,
    actorUserId: move.actorUserId,
    note: move.note ?? null,
    amountCents,
    message: move.message,
    emailExtra: move.emailExtra,
  });
  return after!;
}

/** The first entry of an order just inserted by checkout (its row is written there, with pending_payment). */
export async function recordPlacedOrder(tx: Tx, orderId: string, actorUserId: string): Promise<void> {
  await insertHistory(tx, orderId, null, "pending_payment", { reason: "order_placed", actorUserId });
}

async function insertHistory(tx: Tx, orderId: string, from: OrderStatus | null, to: OrderStatus, move: Move): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    reason: move.reason,
    note: move.note ?? null,
    amountCents: move.amountCents ?? null,
    actorUserId: move.actorUserId,
    // now() is the transaction's start: two moves of one transaction (paid → preparing → shipped) need their real order.
    createdAt: sql`clock_timestamp()`,
  });
}
