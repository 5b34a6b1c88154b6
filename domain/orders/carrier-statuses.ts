/** What a carrier can say about a parcel (decision 080). Browser-safe: the timeline shows them. */
export const CARRIER_STATUSES = ["posted", "in_transit", "out_for_delivery", "delivered", "undelivered", "returned"] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];

/**
 * How far along the way each news is: the order only moves forward, so a news of a rank not above
 * the furthest one already reached is kept for the timeline and moves nothing. A failed delivery
 * may still be followed by a delivery (another attempt); a parcel back at the shop is the end.
 */
export const CARRIER_RANK: Record<CarrierStatus, number> = {
  posted: 1,
  in_transit: 2,
  out_for_delivery: 3,
  undelivered: 4,
  delivered: 5,
  returned: 6,
};
