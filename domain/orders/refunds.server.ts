/**
 * Refunds (decision 044). The order is the table's key, so a refund is recorded once, whoever asks
 * and however often: CDC art. 49's withdrawal owes everything paid, freight included, until the
 * owner sends it (the refund queue) or the provider confirms it; the admin records the amount they
 * actually sent back, which may be less than the total (a partial refund), never more.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderRefunds, orders } from "#platform/db/tables/orders.ts";
import type { RefundQueueItem } from "#domain/orders/admin-order-schemas.ts";
import { DomainError } from "#domain/errors.ts";
import { formatDate } from "#domain/orders/order-status.ts";
import { type Executor, iso, type OrderRow, type Tx } from "#domain/orders/order-store.server.ts";
import { returnOf } from "#domain/orders/order-returns.server.ts";
import { paidEndToEndIds } from "#domain/payments/charge-lookups.server.ts";
import { formatBRL } from "#domain/pricing/money.ts";

export type RefundReason = "withdrawal" | "admin";

/**
 * Records the refund of `amountCents` (default: the whole total, which includes the freight); true
 * if this call recorded it. The freight counts as refunded only with the whole total: a partial
 * amount is the goods' part. `paidBy`: the admin who says they sent it (then it is paid); without
 * it the refund is owed (a withdrawal: the money still has to go).
 */
export async function recordRefund(
  tx: Tx,
  order: OrderRow,
  reason: RefundReason,
  amountCents = order.totalCents,
  paidBy: string | null = null,
): Promise<boolean> {
  const rows = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amountCents,
      shippingCents: amountCents === order.totalCents ? order.shippingCents : 0,
      reason,
      status: paidBy ? "paid" : "owed",
      paidAt: paidBy ? new Date() : null,
      paidBy,
    })
    .onConflictDoNothing({ target: orderRefunds.orderId })
    .returning({ orderId: orderRefunds.orderId });
  return rows.length > 0;
}

/** An owed refund becomes paid (the owner sent it, or the provider confirmed: `paidBy` null); false if none was owed. */
export async function markRefundPaid(tx: Tx, orderId: string, paidBy: string | null): Promise<boolean> {
  const rows = await tx
    .update(orderRefunds)
    .set({ status: "paid", paidAt: new Date(), paidBy })
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "owed")))
    .returning({ orderId: orderRefunds.orderId });
  return rows.length > 0;
}

export async function refundOf(db: Executor, orderId: string) {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return row
    ? {
        amountCents: row.amountCents,
        shippingCents: row.shippingCents,
        status: row.status,
        createdAt: iso(row.createdAt)!,
        paidAt: iso(row.paidAt),
      }
    : null;
}

/**
 * The owner's refund queue: every refund still owed, oldest first, with what finds the transfer
 * to make: who paid (name, e-mail, CPF), the Pix's txid and, when a provider took it, its
 * end-to-end id.
 */
export async function listOwedRefunds(db: Database): Promise<RefundQueueItem[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      address: orders.shippingAddress,
      pixTxid: orders.pixTxid,
      paymentProvider: orders.paymentProvider,
      paidAt: orders.paidAt,
      amountCents: orderRefunds.amountCents,
      shippingCents: orderRefunds.shippingCents,
      owedSince: orderRefunds.createdAt,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.status, "owed"))
    .orderBy(asc(orderRefunds.createdAt), asc(orders.number))
    .limit(200);
  const endToEndIds = await paidEndToEndIds(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({
    orderId: row.orderId,
    number: row.number,
    status: row.status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    cpf: row.address?.cpf ?? null,
    pixTxid: row.pixTxid,
    paymentProvider: row.paymentProvider,
    endToEndId: endToEndIds.get(row.orderId) ?? null,
    paidAt: iso(row.paidAt),
    amountCents: row.amountCents,
    shippingCents: row.shippingCents,
    owedSince: row.owedSince.toISOString(),
  }));
}

/**
 * Why this order cannot be refunded now (null: it can). Checked under the order's row lock, so of
 * two admins (or two taps) at once the second finds the first's refund and is told so.
 */
export async function refundRefusal(tx: Tx, order: OrderRow, amountCents: number): Promise<DomainError | null> {
  const existing = await refundOf(tx, order.id);
  if (existing?.status === "owed") {
    return new DomainError(
      "conflict",
      "refund_owed",
      `O reembolso deste pedido (${formatBRL(existing.amountCents)}) já está na fila de reembolsos: marque-o como enviado por lá.`,
    );
  }
  if (existing) {
    return new DomainError(
      "conflict",
      "already_refunded",
      `O reembolso deste pedido já foi registrado em ${formatDate(existing.createdAt)}: ${formatBRL(existing.amountCents)}.`,
    );
  }
  if (amountCents > order.totalCents) {
    return new DomainError(
      "invalid",
      "refund_over_total",
      `O reembolso não pode passar do total do pedido, ${formatBRL(order.totalCents)}.`,
    );
  }
  // A return refunds only what comes back (decision 081): never the consultoria already held.
  const returned = await returnOf(tx, order.id);
  if (returned && returned.status !== "refused" && amountCents > returned.amountCents) {
    return new DomainError(
      "invalid",
      "refund_over_return",
      `O reembolso desta devolução é de até ${formatBRL(returned.amountCents)}: os serviços já realizados não são devolvidos.`,
    );
  }
  if (order.status === "pending_payment") {
    return new DomainError("conflict", "not_paid", "Este pedido ainda não foi pago: não há o que reembolsar.");
  }
  if (order.status === "cancelled" && !order.paidAt) {
    return new DomainError("conflict", "not_paid", "Este pedido foi cancelado sem pagamento: não há o que reembolsar.");
  }
  return null;
}
