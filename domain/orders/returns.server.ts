/**
 * The returns queue (issue 17 item 4): the customers' withdrawals (withdrawal.server.ts), rows of
 * `order_returns` (decision 044), as a list the shop works through. A withdrawal before shipping is already cancelled with its refund recorded
 * (decision 018); one after shipping waits for the shop to accept it (the customer sends the
 * products back), then for the refund (refunds.server.ts, any amount up to the total). The shop can
 * reply at any step. Each step is a history entry of the order (the customer sees it in the order's
 * timeline), a notification and its e-mail, queued in the step's transaction, and an audit entry.
 */
import { and, desc, eq, inArray, not, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderRefunds, orderReturns, orders, orderStatusHistory } from "#platform/db/tables/orders.ts";
import { DomainError } from "#domain/errors.ts";
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { ADMIN_ORDER_PAGE_SIZE, type ReturnItem, type ReturnState } from "#domain/orders/admin-order-schemas.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { returnAcceptedMessage, returnRefusedMessage, returnReplyMessage } from "#domain/orders/order-messages.ts";
import { returnOf, type ReturnKind, type ReturnStatus } from "#domain/orders/order-returns.server.ts";
import type { Services, Tx } from "#domain/orders/order-store.server.ts";
import { refundOf } from "#domain/orders/refunds.server.ts";

const h = orderStatusHistory;
const r = orderReturns;
/** Still the shop's to do: a return after shipping, not yet received nor refused. */
const waiting = and(eq(r.kind, "after_shipping"), inArray(r.status, ["requested", "approved"]))!;

/** Where a withdrawal row stands, as the queue shows it. */
function stateOf(row: { kind: ReturnKind; status: ReturnStatus }): ReturnState {
  if (row.status === "refused") return "refused";
  if (row.kind === "before_shipping" || row.status === "received") return "done";
  return row.status === "approved" ? "awaiting_return" : "requested";
}

export async function listReturns(
  db: Database,
  query: { state?: "open" | "done"; page: number },
): Promise<{ returns: ReturnItem[]; page: number; pageSize: number; total: number }> {
  const where = query.state === "open" ? waiting : query.state === "done" ? not(waiting) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        status: orders.status,
        kind: r.kind,
        returnStatus: r.status,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        totalCents: orders.totalCents,
        requestedAt: r.createdAt,
        reason: r.reason,
        refundCents: orderRefunds.amountCents,
        replies: sql<number>`(select count(*)::int from ${h} where ${h.orderId} = ${r.orderId} and ${h.reason} = 'return_reply')`,
      })
      .from(r)
      .innerJoin(orders, eq(orders.id, r.orderId))
      .leftJoin(orderRefunds, eq(orderRefunds.orderId, r.orderId))
      .where(where)
      // A queue: what still needs the shop first, the oldest request first; then the finished ones, newest first.
      .orderBy(
        sql`case when ${waiting} then 0 else 1 end`,
        sql`case when ${waiting} then ${r.createdAt} end asc`,
        desc(r.createdAt),
        desc(orders.number),
      )
      .limit(ADMIN_ORDER_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_ORDER_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(r)
      .where(where),
  ]);
  return {
    returns: rows.map((row) => ({
      orderId: row.orderId,
      number: row.number,
      status: row.status,
      state: stateOf({ kind: row.kind, status: row.returnStatus }),
      mode: row.kind === "before_shipping" ? "cancel" : "return",
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      totalCents: row.totalCents,
      requestedAt: row.requestedAt.toISOString(),
      reason: row.reason,
      refundCents: row.refundCents,
      replies: row.replies,
    })),
    page: query.page,
    pageSize: ADMIN_ORDER_PAGE_SIZE,
    total: counted?.total ?? 0,
  };
}

/** The order's withdrawal under its lock; refuses (404) an order without one. */
async function withdrawalOf(tx: Tx, orderId: string) {
  const row = await returnOf(tx, orderId);
  if (!row) throw new DomainError("not_found", "no_withdrawal", "Este pedido não tem pedido de devolução.");
  return row;
}

/**
 * Accepts a return after shipping: the customer is told to send the products back. Refused (409)
 * for a withdrawal before shipping (already cancelled and refunded), one already accepted, or
 * refunded.
 */
export function acceptReturn(services: Services, orderId: string, adminId: string): Promise<void> {
  return changeAsAdmin(services, orderId, { adminId, action: "order.return_accept" }, async (order, tx) => {
    const entry = await withdrawalOf(tx, order.id);
    if (entry.kind === "before_shipping") {
      throw new DomainError(
        "conflict",
        "already_cancelled",
        "Esta desistência foi antes do envio: o pedido já foi cancelado e o reembolso registrado.",
      );
    }
    if (await refundOf(tx, order.id))
      throw new DomainError("conflict", "already_refunded", "O reembolso desta devolução já foi registrado.");
    if (entry.status === "refused") throw new DomainError("conflict", "return_refused", "Esta devolução foi recusada.");
    if (entry.status === "approved")
      throw new DomainError("conflict", "already_accepted", "Esta devolução já foi aceita: aguarde os produtos e registre o reembolso.");
    const facts = { number: order.number, totalCents: order.totalCents, refundCents: entry.amountCents };
    await moveOrder(tx, services, order, { reason: "return_accepted", actorUserId: adminId, message: returnAcceptedMessage(facts) });
  });
}

/** The shop's reply about a withdrawal: in the order's history, and to the customer by notification and e-mail. */
export function replyToReturn(services: Services, orderId: string, adminId: string, message: string): Promise<void> {
  return changeAsAdmin(services, orderId, { adminId, action: "order.return_reply", details: { reply: message } }, async (order, tx) => {
    await withdrawalOf(tx, order.id);
    await moveOrder(tx, services, order, {
      reason: "return_reply",
      actorUserId: adminId,
      note: message,
      message: returnReplyMessage(order, message),
    });
  });
}

/**
 * Refuses a return after shipping (the products came back opened, or after the period): the
 * customer is told why, in the shop's words. Refused (409) for a withdrawal before shipping, a
 * refunded or an already refused one.
 */
export function refuseReturn(services: Services, orderId: string, adminId: string, message: string): Promise<void> {
  return changeAsAdmin(services, orderId, { adminId, action: "order.return_refuse", details: { reply: message } }, async (order, tx) => {
    const entry = await withdrawalOf(tx, order.id);
    if (entry.kind === "before_shipping" || entry.status === "received" || (await refundOf(tx, order.id))) {
      throw new DomainError("conflict", "already_refunded", "O reembolso desta devolução já foi registrado: ela não pode ser recusada.");
    }
    if (entry.status === "refused") throw new DomainError("conflict", "return_refused", "Esta devolução já foi recusada.");
    await moveOrder(tx, services, order, {
      reason: "return_refused",
      actorUserId: adminId,
      note: message,
      message: returnRefusedMessage(order, message),
    });
  });
}
