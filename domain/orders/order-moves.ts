/**
 * Every move an order can make, declared once: for each reason, the statuses it leaves and the one
 * it reaches. The order machine (order-machine.server.ts) refuses anything not written here, and
 * the text people read in an order's history is rendered from the reason (browser-safe: the order
 * pages render it too). Decision 043.
 */
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "#domain/orders/order-status.ts";
import { formatBRL } from "#domain/pricing/money.ts";

export const ORDER_STATUS_REASONS = [
  "order_placed",
  "paid_by_provider",
  "paid_confirmed_by_admin",
  "pix_expired",
  "pix_renewed",
  "paid_after_expiry",
  "late_payment_refunded",
  "cancelled_by_shop",
  "withdrawal_before_shipping",
  "return_requested",
  "return_accepted",
  "return_reply",
  "return_refused",
  "refunded_by_admin",
  "partially_refunded_by_admin",
  "refund_recorded",
  "refund_paid",
  "preparation_started",
  "shipped",
  "tracking_corrected",
  "delivered",
  "moved_by_admin",
  "in_transit",
  "out_for_delivery",
  "delivery_failed",
  "returned_to_sender",
  "parcel_delivered",
  "service_held",
] as const;
export type OrderStatusReason = (typeof ORDER_STATUS_REASONS)[number];

/**
 * A declared move. `to: "same"`: an entry of the order's history that keeps its status (a
 * withdrawal asked after shipping, a reply, a refund recorded on a cancelled order). `after`: the
 * move is only possible when the order reached its current status for that reason (only an order
 * cancelled because its Pix expired is reopened).
 */
export type DeclaredMove = {
  from: readonly (OrderStatus | null)[];
  /** "admin": any edge of the admin's graph, ORDER_TRANSITIONS (the free "Mudar status"). */
  to: OrderStatus | "same" | "admin";
  after?: OrderStatusReason;
};

const PAID_NOT_SHIPPED = ["paid", "preparing"] as const;
const SENT = ["shipped", "delivered"] as const;

export const ORDER_MOVES: Record<OrderStatusReason, DeclaredMove> = {
  order_placed: { from: [null], to: "pending_payment" },
  paid_by_provider: { from: ["pending_payment"], to: "paid" },
  paid_confirmed_by_admin: { from: ["pending_payment"], to: "paid" },
  pix_expired: { from: ["pending_payment"], to: "cancelled" },
  // The one way back from an end: an expired Pix paid again (a new Pix, or the old one paid late).
  pix_renewed: { from: ["cancelled"], to: "pending_payment", after: "pix_expired" },
  paid_after_expiry: { from: ["cancelled"], to: "pending_payment", after: "pix_expired" },
  late_payment_refunded: { from: ORDER_STATUSES, to: "same" },
  cancelled_by_shop: { from: ["pending_payment", ...PAID_NOT_SHIPPED], to: "cancelled" },
  withdrawal_before_shipping: { from: PAID_NOT_SHIPPED, to: "cancelled" },
  return_requested: { from: SENT, to: "same" },
  return_accepted: { from: SENT, to: "same" },
  return_reply: { from: ORDER_STATUSES, to: "same" },
  return_refused: { from: SENT, to: "same" },
  refunded_by_admin: { from: [...PAID_NOT_SHIPPED, ...SENT], to: "refunded" },
  partially_refunded_by_admin: { from: [...PAID_NOT_SHIPPED, ...SENT], to: "partially_refunded" },
  refund_recorded: { from: ["cancelled", "refunded"], to: "same" },
  // The owner sent an owed refund (the queue), or the provider confirmed it.
  refund_paid: { from: ORDER_STATUSES, to: "same" },
  preparation_started: { from: ["paid"], to: "preparing" },
  shipped: { from: PAID_NOT_SHIPPED, to: "shipped" },
  tracking_corrected: { from: ["shipped"], to: "same" },
  // The last part delivered (decision 081): the parcel, the service held, or both. An order with
  // shipping must be shipped first (the machine checks); a service-only order may be in preparation.
  delivered: { from: ["paid", "preparing", "shipped"], to: "delivered" },
  // What the carrier says on the way (decision 080): history entries that keep the status.
  in_transit: { from: ["shipped"], to: "same" },
  out_for_delivery: { from: ["shipped"], to: "same" },
  delivery_failed: { from: ["shipped"], to: "same" },
  returned_to_sender: { from: SENT, to: "same" },
  // The goods arrived while a service of the same order still waits to be held.
  parcel_delivered: { from: ["shipped"], to: "same" },
  // One service of the order held while another part still waits.
  service_held: { from: [...PAID_NOT_SHIPPED, "shipped"], to: "same" },
  // The admin's free move ("Mudar status"): any step of the admin's graph, ORDER_TRANSITIONS.
  moved_by_admin: { from: ORDER_STATUSES, to: "admin" },
};

/** The reasons that record a refund the admin sent (its amount kept with the history entry). */
export function isRefundRecord(reason: OrderStatusReason): boolean {
  return reason === "refunded_by_admin" || reason === "partially_refunded_by_admin" || reason === "refund_recorded";
}

/** Whether `reason` declares the move from → to (for the admin's free move: an edge of ORDER_TRANSITIONS). */
export function isDeclaredMove(reason: OrderStatusReason, from: OrderStatus | null, to: OrderStatus): boolean {
  const move = ORDER_MOVES[reason];
  if (!move.from.includes(from)) return false;
  if (move.to === "admin") return from !== null && ORDER_TRANSITIONS[from].includes(to);
  return move.to === "same" ? from === to : move.to === to;
}

/** The reason of the admin's "Mudar status" to `to`: the named ones where a move has its own meaning. */
export function adminMoveReason(to: OrderStatus): OrderStatusReason {
  if (to === "paid") return "paid_confirmed_by_admin";
  if (to === "cancelled") return "cancelled_by_shop";
  if (to === "refunded") return "refunded_by_admin";
  return "moved_by_admin";
}

/** The fixed words of each reason (null: the entry shows only what the person typed, if anything). */
export const ORDER_REASON_TEXT: Record<OrderStatusReason, string | null> = {
  order_placed: "Pedido criado",
  paid_by_provider: "Pagamento Pix confirmado pelo provedor",
  paid_confirmed_by_admin: "Pagamento Pix confirmado",
  pix_expired: "Pix expirado",
  pix_renewed: "Novo Pix gerado pelo cliente",
  paid_after_expiry: "Pix pago depois do prazo: pedido reaberto e estoque reservado de novo",
  late_payment_refunded: "Pix pago depois do prazo devolvido pelo provedor",
  cancelled_by_shop: "Cancelado pela loja",
  withdrawal_before_shipping: "Desistência da compra pelo cliente, antes do envio",
  return_requested: "Devolução solicitada pelo cliente",
  return_accepted: "Devolução aceita pela loja: aguardando os produtos",
  return_reply: "Resposta da loja",
  return_refused: "Devolução recusada pela loja",
  refunded_by_admin: "Reembolso registrado",
  partially_refunded_by_admin: "Reembolso parcial registrado",
  refund_recorded: "Reembolso registrado",
  refund_paid: "Reembolso enviado",
  preparation_started: null,
  shipped: "Rastreio",
  tracking_corrected: "Rastreio corrigido",
  delivered: null,
  moved_by_admin: null,
  in_transit: "Em trânsito",
  out_for_delivery: "Saiu para entrega",
  delivery_failed: "A transportadora não conseguiu entregar",
  returned_to_sender: "Devolvido à loja pela transportadora",
  parcel_delivered: "Produtos entregues",
  service_held: "Realizado",
};

export type HistoryFacts = { reason: OrderStatusReason; note: string | null; amountCents: number | null };

/** The line people read for one history entry: the reason's words with the detail a person typed. */
export function renderHistoryNote({ reason, note, amountCents }: HistoryFacts): string | null {
  const words = ORDER_REASON_TEXT[reason];
  switch (reason) {
    case "paid_by_provider":
      return note ? `${words} (${note})` : words;
    case "shipped":
    case "tracking_corrected":
      return note ? `${words} ${note}` : null;
    case "return_reply":
      return `${words}: ${note ?? ""}`;
    case "service_held":
      // The note names the service held (its line's product name).
      return note ? `${words}: ${note}` : words;
    case "refunded_by_admin":
    case "partially_refunded_by_admin":
    case "refund_recorded":
    case "refund_paid": {
      const amount = amountCents === null ? "" : `: ${formatBRL(amountCents)}`;
      return `${words}${amount}${note ? `. ${note}` : ""}`;
    }
    case "cancelled_by_shop":
      // The admin's reason replaces the fixed words (it is what the customer reads as "Motivo").
      return note ?? words;
    case "withdrawal_before_shipping":
    case "return_requested":
      return note ? `${words}. Motivo: ${note}` : words;
    default:
      if (words === null) return note;
      return note ? `${words}. ${note}` : words;
  }
}
