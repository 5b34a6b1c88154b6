import { z } from "zod";

/**
 * The owner's first screen on a phone (issue 31 item 5): what must be done now, as counts. Each
 * count is what one list of the admin holds, so a tap on it opens exactly those orders.
 */
export const ownerTodaySchema = z.object({
  /** Paid, not yet being prepared: to pack. */
  toPack: z.number().int(),
  /** Being prepared, to be shipped, without a tracking code yet: the label to make and print. */
  toLabel: z.number().int(),
  /** Waiting for their Pix, still payable. */
  pixWaiting: z.number().int(),
  /** Withdrawals and returns the owner has not closed (asked or accepted, products not received). */
  returns: z.number().int(),
  /** Card chargebacks still open to answer (issue 32): the order and the deadline to send documents, soonest first. */
  chargebacks: z.array(z.object({ orderId: z.string(), number: z.number().int(), deadline: z.iso.datetime() })),
});
export type OwnerToday = z.infer<typeof ownerTodaySchema>;

/**
 * The realtime event every order move sends the admins (topic `admins`): the owner's first screen
 * reads its counts again at once (a Pix paid, an order packed, a return asked). It names the order
 * only; the counts come through the API, with its access check.
 */
export const ORDER_MOVED_EVENT = "admin_order_moved";
