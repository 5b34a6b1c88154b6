import { orderLabel, type OrderStatus } from "#domain/orders/order-status.ts";

/**
 * What /success says about an order, from its status (issue 28 item 10): once the Pix is in (before
 * the customer reaches the page, or while they watch it), the page says the payment is confirmed,
 * in its title, its heading and its next steps; never only "pedido recebido".
 */
export type SuccessState = "awaiting" | "paid" | "cancelled" | "refunded";

const PAID: readonly OrderStatus[] = ["paid", "preparing", "shipped", "delivered"];

export function successState(status: OrderStatus): SuccessState {
  if (PAID.includes(status)) return "paid";
  if (status === "cancelled") return "cancelled";
  if (status === "refunded" || status === "partially_refunded") return "refunded";
  return "awaiting";
}

export function successHeading(state: SuccessState, number: number): string {
  const label = orderLabel(number);
  if (state === "paid") return `Pagamento confirmado: pedido ${label}`;
  if (state === "cancelled") return `Pedido ${label} cancelado`;
  if (state === "refunded") return `Pedido ${label} reembolsado`;
  return `Pedido ${label} recebido`;
}

/** The browser tab's title: the same news as the heading, then the shop's name (decision 087). */
export function successTitle(state: SuccessState | null, shopName: string): string {
  if (state === "paid") return `Pagamento confirmado | ${shopName}`;
  if (state === "cancelled") return `Pedido cancelado | ${shopName}`;
  if (state === "refunded") return `Pedido reembolsado | ${shopName}`;
  return `Pedido recebido | ${shopName}`;
}

/** "O que acontece agora", true to where the order stands. */
export function successNextSteps(state: SuccessState, physical: boolean): string[] {
  const delivery = physical
    ? "Preparamos o pacote e enviamos pelos Correios; o código de rastreio aparece no seu pedido."
    : "Entramos em contato pelo e-mail da sua conta para combinar o acesso ou o agendamento.";
  if (state === "paid") return ["Recebemos o seu Pix: você já recebeu o aviso no sino e por e-mail.", delivery];
  if (state === "awaiting")
    return [
      "Assim que o Pix cair, confirmamos o pagamento e você recebe um aviso no sino e por e-mail.",
      delivery,
      "Sem pagamento dentro do prazo, o pedido é cancelado e os itens voltam para o seu carrinho.",
    ];
  return ["Os detalhes estão no seu pedido; se tiver dúvidas, fale conosco pelo WhatsApp."];
}
