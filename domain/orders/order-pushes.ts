/**
 * The owner's pushes about an order (issue 31 item 2): short, with the order to open on tap. Sent
 * by the effects step (order-effects.server.ts) in the move's transaction.
 */
import { orderLabel } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { HOUR_SECONDS, type PushMessage } from "#domain/push/push-messages.ts";

type OrderFacts = { id: string; number: number; totalCents: number };

/** The owner's sale: "Pedido #1234 pago — R$ 189,90"; a tap opens the order. */
export function paidOrderPush(order: OrderFacts): PushMessage {
  return {
    title: `Pedido ${orderLabel(order.number)} pago — ${formatBRL(order.totalCents)}`,
    body: "Toque para abrir o pedido e prepará-lo.",
    path: `/admin/pedidos?order=${order.id}`,
    ttlSeconds: 24 * HOUR_SECONDS,
    urgency: "high",
    topic: `pedido-${order.number}-pago`,
  };
}

/** A withdrawal (before shipping) or a return (after): the refund queue waits for the owner. */
export function returnRequestedPush(order: OrderFacts, mode: "cancel" | "return"): PushMessage {
  return {
    title: mode === "cancel" ? `Desistência do pedido ${orderLabel(order.number)}` : `Devolução pedida: ${orderLabel(order.number)}`,
    body: `${formatBRL(order.totalCents)}. Toque para ver o pedido.`,
    path: `/admin/pedidos?order=${order.id}`,
    ttlSeconds: 3 * 24 * HOUR_SECONDS,
    urgency: "normal",
    topic: `pedido-${order.number}-devolucao`,
  };
}
