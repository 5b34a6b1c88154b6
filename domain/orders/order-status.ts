/** Order statuses (docs/requirements.md "Orders") and the transitions the server allows. */

export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "partially_refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Aguardando pagamento",
  paid: "Pago",
  preparing: "Em preparação",
  shipped: "Enviado",
  delivered: "Entregue",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
  partially_refunded: "Parcialmente reembolsado",
};

/**
 * From → allowed next statuses. `paid → delivered` is for orders without physical items (services,
 * courses), which have nothing to prepare or ship; the server refuses it for orders with shipping.
 * Cancelling is possible until the parcel leaves (stock goes back); after that it is a refund.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["preparing", "delivered", "cancelled", "refunded"],
  preparing: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
  // Reached only through a refund of less than the total (refund-order.server.ts); one refund per order.
  partially_refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Statuses where the order still holds stock (released when it is cancelled). */
export function holdsStock(status: OrderStatus): boolean {
  return status === "pending_payment" || status === "paid" || status === "preparing";
}

/**
 * Correios tracking codes (UPU S10): two letters, eight digits, a check digit, "BR". The check
 * digit uses weights 8 6 4 2 3 5 9 7; 11 − (sum mod 11), where 10 → 0 and 11 → 5.
 */
export function isValidTrackingCode(value: string): boolean {
  const code = normalizeTrackingCode(value);
  const match = /^[A-Z]{2}(\d{8})(\d)BR$/.exec(code);
  if (!match) return false;
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...match[1]!].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  const expected = check === 10 ? 0 : check === 11 ? 5 : check;
  return expected === Number(match[2]);
}

/** " aa 123.456.785 br " → "AA123456785BR". */
export function normalizeTrackingCode(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, "");
}

export const TRACKING_CODE_MESSAGE = "Código de rastreio inválido: use o formato dos Correios, ex.: AA123456785BR.";

/** "10001" → "#10001": how people say an order's number. */
export function orderLabel(number: number): string {
  return `#${number}`;
}

/** CDC art. 49: the customer may withdraw within 7 days of receiving the products. */
export const WITHDRAWAL_DAYS = 7;

/** The cancel reason a customer reads after withdrawing before shipping (orders.cancel_reason, display only). */
export const WITHDRAWAL_CANCEL_NOTE = "Desistência da compra pelo cliente, antes do envio";

/**
 * What withdrawing does in each status (docs/requirements.md "Orders"): from payment until the parcel leaves
 * it cancels and refunds; once shipped or delivered it asks for the products back. Null: not a
 * withdrawal (unpaid, or already cancelled or refunded).
 */
export type WithdrawalMode = "cancel" | "return";
export function withdrawalMode(status: OrderStatus): WithdrawalMode | null {
  if (status === "paid" || status === "preparing") return "cancel";
  if (status === "shipped" || status === "delivered") return "return";
  return null;
}

/** The last moment a withdrawal can be asked for, counted from the delivery. */
export function withdrawalDeadline(deliveredAt: string | Date): Date {
  return new Date(new Date(deliveredAt).getTime() + WITHDRAWAL_DAYS * 24 * 3600_000);
}

const dateOnly = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" });
/** DD/MM/AAAA in the shop's time zone (the customer's and the admin's dates read alike). */
export const formatDate = (value: string | Date) => dateOnly.format(new Date(value));

/** The cancel reason the customer reads after the expiry (display only: decisions read status_reason). */
export const PIX_EXPIRED_REASON = "Pix expirado";

/**
 * "Gerar novo Pix" (issue 19 item 5, decision 031): for this long after its Pix expired, the
 * customer can pay the same order again (same items, same prices), with the stock reserved again.
 * After that the prices and offers of the day apply: a new purchase from the cart.
 */
export const PIX_RENEWAL_HOURS = 48;

/** Only an order cancelled because its Pix expired (status_reason `pix_expired`) can get a new Pix. */
export function pixRenewable(order: { status: OrderStatus; statusReason: string | null; pixExpiresAt: Date }, now: Date): boolean {
  return (
    order.status === "cancelled" &&
    order.statusReason === "pix_expired" &&
    now.getTime() - order.pixExpiresAt.getTime() < PIX_RENEWAL_HOURS * 3600_000
  );
}

/** The "your Pix expires soon" e-mail goes out this many minutes before the expiry. */
export const PIX_REMINDER_MINUTES = 10;
