import type { OrderStatus } from "#domain/orders/order-status.ts";

/**
 * The shapes of an order as the server reads it (order-queries.server.ts) and the pages show it
 * (order-views.tsx): one definition for both, plain JSON (dates as ISO strings).
 */

export type { OrderAddressSnapshot } from "#platform/db/json-columns.ts";
import type { OrderAddressSnapshot } from "#platform/db/json-columns.ts";

export type OrderSummary = {
  id: string;
  number: number;
  status: OrderStatus;
  totalCents: number;
  createdAt: string;
  itemCount: number;
  customerEmail?: string;
  customerName?: string;
};

export type OrderDetail = OrderSummary & {
  subtotalCents: number;
  packagingCents: number;
  shippingCents: number;
  discountCents: number;
  shippingMethod: string | null;
  shippingDays: number | null;
  shippingAddress: OrderAddressSnapshot | null;
  trackingCode: string | null;
  paidAt: string | null;
  deliveredAt: string | null;
  /** When the customer asked to withdraw (history entry), null if never. */
  withdrawalRequestedAt: string | null;
  /** Delivery + WITHDRAWAL_DAYS, null before delivery. */
  withdrawalDeadline: string | null;
  /** Whether the customer can ask now (decided on the server, at read time). */
  withdrawalOpen: boolean;
  cancelReason: string | null;
  /** Only while the order waits for payment. */
  pix: { code: string; txid: string; expiresAt: string } | null;
  items: Array<{
    productId: string;
    productName: string;
    productSlug: string;
    unitType: "gram" | "unit";
    quantity: number;
    unitPriceCents: number;
    totalPriceCents: number;
    packagingFeeCents: number;
    finalTotalCents: number;
    needsShipping: boolean;
  }>;
  history: Array<{ fromStatus: OrderStatus | null; toStatus: OrderStatus; note: string | null; createdAt: string }>;
};

/** An order as the success page and the panel show it: with its Pix QR code drawn on the server. */
export type OrderWithQr = OrderDetail & { pixQrSvg: string | null };
