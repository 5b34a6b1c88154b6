/**
 * The receipt an order's e-mails carry (issue 28 item 10): read from the order as stored, in the
 * transaction that sends the e-mail, and laid out by the mail templates. Its money lines are the
 * one presenter's (order-money-lines.ts), the same the order's pages show.
 */
import { asc, eq } from "drizzle-orm";
import { orderDiscounts, orderItems, orders } from "#platform/db/tables/orders.ts";
import type { MailReceipt } from "#domain/notifications/mail-templates.ts";
import type { CreatedNotification } from "#domain/notifications/notifications.server.ts";
import { orderMoneyLines } from "#domain/orders/order-money-lines.ts";
import type { Executor } from "#domain/orders/order-store.server.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { formatCep } from "#domain/shipping/cep.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";

/** What a receipt needs of an order: its amounts, lines, address and, while unpaid, its Pix. */
type ReceiptFacts = Pick<
  OrderDetail,
  | "subtotalCents"
  | "packagingCents"
  | "shippingCents"
  | "shippingMethod"
  | "discounts"
  | "totalCents"
  | "shippingAddress"
  | "shippingDays"
  | "productionDays"
> & {
  items: Array<Pick<OrderDetail["items"][number], "productName" | "unitType" | "quantity" | "finalTotalCents" | "packagingFeeCents">>;
  pix: { code: string } | null;
};

export function receiptOf(order: ReceiptFacts): MailReceipt {
  const address = order.shippingAddress;
  return {
    items: order.items.map((item) => ({
      name: item.productName,
      quantity: item.unitType === "gram" ? `${item.quantity} g` : `${item.quantity} un.`,
      text: formatBRL(item.finalTotalCents),
      note: item.packagingFeeCents > 0 ? `inclui embalagem de ${formatBRL(item.packagingFeeCents)}` : null,
    })),
    address: address
      ? [
          address.recipientName,
          `${address.street}, ${address.number}${address.complement ? ` (${address.complement})` : ""}`,
          `${address.neighborhood}, ${address.city}/${address.state}`,
          `CEP ${formatCep(address.cep)}`,
        ]
      : null,
    estimate: address && order.shippingDays ? `Prazo estimado: ${methodEstimateText(order.productionDays, order.shippingDays)}.` : null,
    moneyLines: orderMoneyLines(order),
    pixCode: order.pix?.code ?? null,
  };
}

/** Puts the order's receipt into these notifications' e-mails (all about `orderId`). */
export async function attachReceipt(executor: Executor, orderId: string, created: CreatedNotification[]): Promise<void> {
  if (created.length === 0) return;
  const order = await receiptFacts(executor, orderId);
  if (!order) return;
  const receipt = receiptOf(order);
  for (const item of created) item.receipt = receipt;
}

/**
 * The order's facts read for its receipt, in the caller's transaction. Its own small read, not
 * getOrder's: the effects step of the order machine calls this, and getOrder reads the machine's
 * withdrawal rules (an import cycle).
 */
async function receiptFacts(executor: Executor, orderId: string): Promise<ReceiptFacts | null> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const [items, discounts] = await Promise.all([
    executor
      .select({
        productName: orderItems.productName,
        unitType: orderItems.unitType,
        quantity: orderItems.quantity,
        finalTotalCents: orderItems.finalTotalCents,
        packagingFeeCents: orderItems.packagingFeeCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.productName)),
    executor
      .select({ kind: orderDiscounts.kind, label: orderDiscounts.label, amountCents: orderDiscounts.amountCents })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.orderId, orderId))
      .orderBy(asc(orderDiscounts.kind)),
  ]);
  return {
    ...row,
    items,
    discounts,
    // The same rule as the order page's: the code only while the order waits for payment.
    pix: row.status === "pending_payment" && row.pixCode !== null ? { code: row.pixCode } : null,
  };
}
