import { formatBRL } from "#domain/pricing/money.ts";
import type { NotificationType } from "#domain/notifications/notification-rules.ts";
import { ORDER_STATUS_LABELS, orderLabel, PIX_RENEWAL_HOURS, type OrderStatus } from "#domain/orders/order-status.ts";

/** Titles and texts of the notifications order events create (spec §3 types), in pt-BR. */
export type OrderMessage = { type: NotificationType; title: string; content: string };

type OrderFacts = {
  number: number;
  totalCents: number;
  customerName?: string;
  expiryMinutes?: number;
  /** The coupon and credit lines (decisions 027, 028); the total is already net of them. */
  discounts?: ReadonlyArray<{ label: string; amountCents: number }>;
};

/** " Descontos: Cupom X (10%) −R$ 5,00; Crédito de indicação −R$ 10,00." or nothing. */
function discountsSentence(order: OrderFacts): string {
  if (!order.discounts?.length) return "";
  return ` Descontos: ${order.discounts.map((line) => `${line.label} −${formatBRL(line.amountCents)}`).join("; ")}.`;
}

export function orderCreatedMessage(order: OrderFacts): OrderMessage {
  return {
    type: "order_created",
    title: `Pedido ${orderLabel(order.number)} recebido`,
    content: `Recebemos seu pedido ${orderLabel(order.number)} de ${formatBRL(order.totalCents)}.${discountsSentence(order)} Pague com Pix em até ${order.expiryMinutes ?? 30} minutos para confirmá-lo.`,
  };
}

export function adminNewOrderMessage(order: OrderFacts): OrderMessage {
  return {
    type: "admin_new_order",
    title: `Novo pedido ${orderLabel(order.number)}`,
    content: `${order.customerName ?? "Um cliente"} fez um pedido de ${formatBRL(order.totalCents)}, aguardando pagamento via Pix.${discountsSentence(order)}`,
  };
}

/** Payment changes: paid, expired (cancelled unpaid) or refunded. */
export function paymentMessage(order: OrderFacts, event: "paid" | "expired" | "refunded"): OrderMessage {
  const label = orderLabel(order.number);
  if (event === "paid") {
    return {
      type: "payment_status_changed",
      title: "Pagamento confirmado",
      content: `Recebemos o pagamento do pedido ${label}. Agora vamos prepará-lo.`,
    };
  }
  if (event === "expired") {
    return {
      type: "payment_status_changed",
      title: "Pix expirado",
      content: `O prazo para pagar o pedido ${label} terminou e ele foi cancelado. Os itens voltaram para o seu carrinho e, por ${PIX_RENEWAL_HOURS} horas, a página do pedido pode gerar um novo Pix.`,
    };
  }
  return { type: "payment_status_changed", title: "Pagamento reembolsado", content: `O pagamento do pedido ${label} foi reembolsado.` };
}

/** A new Pix for an order whose first one expired ("Gerar novo Pix"). */
export function pixRenewedMessage(order: OrderFacts, expiresAt: Date): OrderMessage {
  const until = expiresAt.toLocaleTimeString("pt-BR", { timeZone: "America/Sao_Paulo", hour: "2-digit", minute: "2-digit" });
  return {
    type: "payment_status_changed",
    title: `Novo Pix do pedido ${orderLabel(order.number)}`,
    content: `Geramos um novo Pix de ${formatBRL(order.totalCents)} para o pedido ${orderLabel(order.number)}, e os itens estão reservados de novo. Pague até ${until} (horário de Brasília).`,
  };
}

export function statusMessage(order: OrderFacts, status: OrderStatus): OrderMessage {
  const label = orderLabel(order.number);
  return {
    type: "order_status_changed",
    title: `Pedido ${label}: ${ORDER_STATUS_LABELS[status].toLowerCase()}`,
    content: `O status do seu pedido ${label} mudou para \u201c${ORDER_STATUS_LABELS[status]}\u201d.`,
  };
}

/**
 * The parcel left (the owner typed its code, or the carrier said it was posted): the code and the
 * page where the customer follows it (decision 080). Without a code yet, the same news without it.
 */
export function trackingMessage(order: OrderFacts, trackingCode: string | null, trackingUrl: string | null): OrderMessage {
  const follow = trackingUrl ? ` Acompanhe a entrega em ${trackingUrl}` : "";
  return {
    type: "tracking_added",
    title: `Pedido ${orderLabel(order.number)} a caminho`,
    content: trackingCode ? `Seu pedido foi postado. Código de rastreio: ${trackingCode}.${follow}` : `Seu pedido foi postado.${follow}`,
  };
}

/** The carrier's news on the way that the customer wants to hear: out for delivery, or a delivery that failed. */
export function carrierNewsMessage(order: OrderFacts, news: "out_for_delivery" | "undelivered" | "returned"): OrderMessage {
  const label = orderLabel(order.number);
  if (news === "out_for_delivery") {
    return {
      type: "order_status_changed",
      title: `Pedido ${label}: saiu para entrega`,
      content: `Seu pedido ${label} saiu para entrega e deve chegar hoje.`,
    };
  }
  if (news === "undelivered") {
    return {
      type: "order_status_changed",
      title: `Pedido ${label}: entrega não realizada`,
      content: `A transportadora não conseguiu entregar o pedido ${label}. A loja já foi avisada e vai falar com você para combinar a entrega.`,
    };
  }
  return {
    type: "order_status_changed",
    title: `Pedido ${label}: devolvido à loja`,
    content: `O pedido ${label} voltou para a loja pela transportadora. A loja já foi avisada e vai falar com você para combinar um novo envio ou o reembolso.`,
  };
}

/**
 * One part of a mixed order delivered while another still waits (decision 081): what arrived
 * (`part`: "Os produtos", "Consultoria em Cultivo") and what is left.
 */
export function partDeliveredMessage(
  order: OrderFacts,
  part: { what: string; done: "entregues" | "realizada" },
  waiting: readonly string[],
): OrderMessage {
  const label = orderLabel(order.number);
  const verb = part.done === "entregues" ? "foram entregues" : "foi realizada";
  return {
    type: "order_status_changed",
    title: `Pedido ${label}: ${part.what.toLowerCase()} ${part.done}`,
    content: `${part.what} do pedido ${label} ${verb}. Ainda falta: ${waiting.join(", ")}. O pedido fica \u201cEntregue\u201d quando tudo for entregue.`,
  };
}

export function ratingReminderMessage(order: OrderFacts): OrderMessage {
  return {
    type: "rating_reminder",
    title: `Avalie seu pedido ${orderLabel(order.number)}`,
    content: `Conte o que achou dos itens do pedido ${orderLabel(order.number)}: sua avaliação ajuda outros clientes.`,
  };
}

type RefundFacts = OrderFacts & { refundCents: number };

/** The customer's confirmation of a withdrawal before shipping: cancelled, the refund in progress until the shop sends it. */
export function withdrawalCancelledMessage(order: RefundFacts): OrderMessage {
  const label = orderLabel(order.number);
  return {
    type: "order_status_changed",
    title: `Pedido ${label}: desistência confirmada`,
    content: `Recebemos sua desistência do pedido ${label}. Ele foi cancelado e o reembolso de ${formatBRL(order.refundCents)}, frete incluído, está em andamento: avisamos quando ele for enviado para o Pix usado no pagamento.`,
  };
}

/** The customer's confirmation of a withdrawal after shipping: the products come back, then the refund. */
export function withdrawalReturnMessage(order: RefundFacts): OrderMessage {
  const label = orderLabel(order.number);
  return {
    type: "order_status_changed",
    title: `Pedido ${label}: devolução solicitada`,
    content: `Recebemos seu pedido de devolução do pedido ${label}. A loja vai entrar em contato para combinar o envio dos produtos; quando eles chegarem, você recebe o reembolso de ${formatBRL(order.refundCents)}, frete incluído.`,
  };
}

/** An admin recorded a refund (any amount up to the total). */
export function refundMessage(order: RefundFacts): OrderMessage {
  const label = orderLabel(order.number);
  return {
    type: "payment_status_changed",
    title: `Pedido ${label}: reembolso registrado`,
    content: `Registramos o reembolso de ${formatBRL(order.refundCents)} do pedido ${label}, para o Pix usado no pagamento.`,
  };
}

/** The shop accepted a return: the customer sends the products back, then the refund follows. */
export function returnAcceptedMessage(order: RefundFacts): OrderMessage {
  const label = orderLabel(order.number);
  return {
    type: "order_status_changed",
    title: `Pedido ${label}: devolução aceita`,
    content: `Aceitamos a devolução do pedido ${label}. Envie os produtos lacrados, na embalagem original; quando chegarem, registramos o reembolso de até ${formatBRL(order.refundCents)}, frete incluído.`,
  };
}

/** The shop's reply about a withdrawal, in the admin's own words. */
export function returnReplyMessage(order: OrderFacts, message: string): OrderMessage {
  return {
    type: "order_status_changed",
    title: `Pedido ${orderLabel(order.number)}: resposta sobre a devolução`,
    content: message,
  };
}

/** The shop refused a return, in the admin's own words. */
export function returnRefusedMessage(order: OrderFacts, message: string): OrderMessage {
  return {
    type: "order_status_changed",
    title: `Pedido ${orderLabel(order.number)}: devolução recusada`,
    content: message,
  };
}

/** The owner sent a refund that was owed (the refund queue): now the money is on its way. */
export function refundSentMessage(order: RefundFacts): OrderMessage {
  const label = orderLabel(order.number);
  return {
    type: "payment_status_changed",
    title: `Pedido ${label}: reembolso enviado`,
    content: `Enviamos o reembolso de ${formatBRL(order.refundCents)} do pedido ${label} para o Pix usado no pagamento.`,
  };
}
