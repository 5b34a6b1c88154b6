/**
 * What the carrier says about an order's parcel (issue 30 item 5): posted, in transit, out for
 * delivery, delivered, undelivered or returned. The labels module calls this in the transaction
 * that records a label's new status (webhook or polling); the owner typing a code with the table
 * provider reaches the same moves. Idempotent: the same, a late or an out-of-order event changes
 * nothing twice.
 * Stub until the tracking flow lands: records nothing yet.
 */
import type { Services, Tx } from "#domain/orders/order-store.server.ts";

export const CARRIER_STATUSES = ["posted", "in_transit", "out_for_delivery", "delivered", "undelivered", "returned"] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];

export type CarrierEvent = {
  orderId: string;
  /** Where the news came from. */
  source: "melhorenvio" | "owner";
  /** The provider's id of this event (dedupe key), e.g. `${labelId}:${status}`. */
  eventId: string;
  status: CarrierStatus;
  /** The carrier's code (e.g. AA123456789BR), when known. */
  trackingCode: string | null;
  /** A page where the customer follows the parcel. */
  trackingUrl: string | null;
  at: Date;
};

/** Applies the event to the order (its moves, notifications and e-mails as effects); whether it moved anything. */
export async function recordCarrierEvent(_tx: Tx, _services: Services, _event: CarrierEvent): Promise<{ moved: boolean }> {
  return { moved: false };
}
