/** The admin's order rules that the page and the server share (browser-safe). */
import type { PaymentState } from "#domain/orders/admin-order-schemas.ts";
import { ORDER_STATUS_LABELS, orderLabel, type OrderStatus } from "#domain/orders/order-status.ts";

/**
 * Where the money stands. The list's SQL (admin-order-search.server.ts) computes the same from the
 * same columns; admin-orders.test.ts checks both on the same orders.
 */
export function paymentStateOf(order: { status: OrderStatus; paidAt: string | null; refund: unknown }): PaymentState {
  if (order.refund || order.status === "refunded") return "refunded";
  if (order.status === "pending_payment") return "awaiting";
  return order.paidAt ? "paid" : "unpaid";
}

/**
 * A WhatsApp chat with the order's phone (Brazilian digits, DDD first; wa.me wants the country code),
 * with a message that already says which order and where it stands, in Portuguese. Null without a
 * phone (orders with nothing to ship keep none).
 */
export function whatsappLink(order: {
  number: number;
  status: OrderStatus;
  customerName: string;
  phone: string | null | undefined;
  trackingCode?: string | null;
}): string | null {
  const digits = (order.phone ?? "").replace(/\D/g, "");
  if (digits.length < 10) return null;
  const firstName = order.customerName.trim().split(/\s+/)[0] ?? "";
  const tracking = order.status === "shipped" && order.trackingCode ? ` Código de rastreio: ${order.trackingCode}.` : "";
  const text = `Olá${firstName ? `, ${firstName}` : ""}! Sobre o seu pedido ${orderLabel(order.number)}: ele está \u201c${ORDER_STATUS_LABELS[order.status]}\u201d.${tracking}`;
  return `https://wa.me/55${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * What the admin types as money ("1.234,56", "R$ 35", "35.5") → integer cents, or null when it is
 * not an amount. A dot followed by exactly three digits is a thousands separator, as in pt-BR.
 */
export function parseReais(input: string): number | null {
  const text = input.replace(/R\$|\s/g, "");
  if (!/^\d[\d.]*(,\d{1,2})?$|^\d+\.\d{1,2}$/.test(text)) return null;
  const normalised = /,/.test(text)
    ? text.replace(/\./g, "").replace(",", ".")
    : /^\d+\.\d{1,2}$/.test(text)
      ? text
      : text.replace(/\./g, "");
  const value = Math.round(Number(normalised) * 100);
  return Number.isFinite(value) ? value : null;
}

/** Cents as Excel pt-BR reads a number: decimal comma, no thousands separator ("1234,56"). */
export function csvMoney(cents: number | null): string {
  if (cents === null) return "";
  return (cents / 100).toFixed(2).replace(".", ",");
}
