/**
 * The returns queue (issue 17 item 4): the customers' withdrawals (withdrawal.server.ts) as a list
 * the shop works through. A withdrawal before shipping is already cancelled with its refund recorded
 * (decision 018); one after shipping waits for the shop to accept it (the customer sends the
 * products back), then for the refund (refunds.server.ts, any amount up to the total). The shop can
 * reply at any step. Each step is a history entry of the order (the customer sees it in the order's
 * timeline), a notification and its e-mail, queued in the step's transaction, and an audit entry.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderRefunds, orders, orderStatusHistory } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { changeAsAdmin } from "#domain/orders/admin-order-flows.server.ts";
import { ADMIN_ORDER_PAGE_SIZE, type ReturnItem } from "#domain/orders/admin-order-schemas.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { returnAcceptedMessage, returnReplyMessage } from "#domain/orders/order-messages.ts";
import type { OrderStatusReason } from "#domain/orders/order-moves.ts";
import type { Services, Tx } from "#domain/orders/order-store.server.ts";
import { refundOf } from "#domain/orders/refunds.server.ts";
import { WITHDRAWAL_REASONS } from "#domain/orders/withdrawal.server.ts";

const h = orderStatusHistory;
/**
 * The outer order's id, always qualified: in a one-table select drizzle writes columns bare, and a
 * bare "id" inside a subquery would be the subquery's own table's.
 */
const ORDER_ID = sql`${sql.identifier("orders")}.${sql.identifier("id")}`;
const isWithdrawal = inArray(h.reason, WITHDRAWAL_REASONS);
const firstWithdrawal = (column: SQL) =>
  sql`(select ${column} from ${h} where ${h.orderId} = ${ORDER_ID} and ${isWithdrawal} order by ${h.createdAt} limit 1)`;
const hasEntry = (reason: OrderStatusReason) =>
  sql<boolean>`exists (select 1 from ${h} where ${h.orderId} = ${ORDER_ID} and ${h.reason} = ${reason})`;
const hasRefund = sql<boolean>`exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${ORDER_ID})`;

export async function listReturns(
  db: Database,
  query: { state?: "open" | "done"; page: number },
): Promise<{ returns: ReturnItem[]; page: number; pageSize: number; total: number }> {
  const withdrawn = sql`exists (select 1 from ${h} where ${h.orderId} = ${ORDER_ID} and ${isWithdrawal})`;
  const where = and(withdrawn, query.state === "open" ? sql`not ${hasRefund}` : query.state === "done" ? hasRefund : undefined);
  const requestedAt = firstWithdrawal(sql`${h.createdAt}`);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        status: orders.status,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        totalCents: orders.totalCents,
        requestedAt: requestedAt.mapWith(orders.createdAt),
        reason: firstWithdrawal(sql`${h.reason}`).mapWith(String),
        detail: firstWithdrawal(sql`${h.note}`),
        accepted: hasEntry("return_accepted"),
        refundCents: sql<
          number | null
        >`(select ${orderRefunds.amountCents} from ${orderRefunds} where ${orderRefunds.orderId} = ${ORDER_ID})`,
        replies: sql<number>`(select count(*)::int from ${h} where ${h.orderId} = ${ORDER_ID} and ${h.reason} = 'return_reply')`,
      })
      .from(orders)
      .where(where)
      // A queue: what still needs the shop first, the oldest request first; then the finished ones, newest first.
      .orderBy(asc(hasRefund), sql`case when ${hasRefund} then null else ${requestedAt} end asc`, desc(requestedAt), desc(orders.number))
      .limit(ADMIN_ORDER_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_ORDER_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    returns: rows.map((row) => ({
      orderId: row.orderId,
      number: row.number,
      status: row.status,
      state: row.refundCents !== null ? "done" : row.accepted ? "awaiting_return" : "requested",
      mode: row.reason === "withdrawal_before_shipping" ? "cancel" : "return",
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      totalCents: row.totalCents,
      requestedAt: row.requestedAt.toISOString(),
      reason: (row.detail as string | null) ?? null,
      refundCents: row.refundCents,
      replies: row.replies,
    })),
    page: query.page,
    pageSize: ADMIN_ORDER_PAGE_SIZE,
    total: counted?.total ?? 0,
  };
}

/** The order's withdrawal entry under its lock; refuses (404) an order without one. */
async function withdrawalEntry(tx: Tx, orderId: string) {
  const [entry] = await tx
    .select({ reason: h.reason })
    .from(h)
    .where(and(eq(h.orderId, orderId), isWithdrawal))
    .orderBy(asc(h.createdAt))
    .limit(1);
  if (!entry) throw new DomainError("not_found", "no_withdrawal", "Este pedido não tem pedido de devolução.");
  return entry;
}

/**
 * Accepts a return after shipping: the customer is told to send the products back. Refused (409)
 * for a withdrawal before shipping (already cancelled and refunded), one already accepted, or
 * refunded.
 */
export function acceptReturn(services: Services, orderId: string, adminId: string): Promise<void> {
  return changeAsAdmin(services, orderId, { adminId, action: "order.return_accept" }, async (order, tx) => {
    const entry = await withdrawalEntry(tx, order.id);
    if (entry.reason === "withdrawal_before_shipping") {
      throw new DomainError(
        "conflict",
        "already_cancelled",
        "Esta desistência foi antes do envio: o pedido já foi cancelado e o reembolso registrado.",
      );
    }
    if (await refundOf(tx, order.id))
      throw new DomainError("conflict", "already_refunded", "O reembolso desta devolução já foi registrado.");
    const [accepted] = await tx
      .select({ id: h.id })
      .from(h)
      .where(and(eq(h.orderId, order.id), eq(h.reason, "return_accepted")))
      .limit(1);
    if (accepted)
      throw new DomainError("conflict", "already_accepted", "Esta devolução já foi aceita: aguarde os produtos e registre o reembolso.");
    const facts = { number: order.number, totalCents: order.totalCents, refundCents: order.totalCents };
    await moveOrder(tx, services, order, { reason: "return_accepted", actorUserId: adminId, message: returnAcceptedMessage(facts) });
  });
}

/** The shop's reply about a withdrawal: in the order's history, and to the customer by notification and e-mail. */
export function replyToReturn(services: Services, orderId: string, adminId: string, message: string): Promise<void> {
  return changeAsAdmin(services, orderId, { adminId, action: "order.return_reply", details: { reply: message } }, async (order, tx) => {
    await withdrawalEntry(tx, order.id);
    await moveOrder(tx, services, order, {
      reason: "return_reply",
      actorUserId: adminId,
      note: message,
      message: returnReplyMessage(order, message),
    });
  });
}
