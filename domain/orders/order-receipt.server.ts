/**
 * The receipt an order's e-mails carry (issue 28 item 10): read from the order as stored, in the
 * transaction that sends the e-mail, and laid out by the mail templates. Its money lines are the
 * one presenter's (order-money-lines.ts), the same the order's pages show.
 */
import type { MailReceipt } from "#domain/notifications/mail-templates.ts";
import type { CreatedNotification } from "#domain/notifications/notifications.server.ts";
import { orderMoneyLines } from "#domain/orders/order-money-lines.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import type { Executor } from "#domain/orders/order-store.server.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { formatCep } from "#domain/shipping/cep.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";

export function receiptOf(order: OrderDetail): MailReceipt {
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
  const order = await getOrder(executor, orderId);
  if (!order) return;
  const receipt = receiptOf(order);
  for (const item of created) item.receipt = receipt;
}
