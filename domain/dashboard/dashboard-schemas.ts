import { z } from "zod";
import { auditEntrySchema } from "#domain/audit/audit-schemas.ts";
import { ORDER_STATUSES } from "#domain/orders/order-status.ts";

/** GET /api/admin/dashboard's answer (issue 17 item 1). Money in integer cents; days are São Paulo dates (AAAA-MM-DD). */

const periodSchema = z.object({
  /** Paid orders' totals, less what was refunded (domain/orders/order-revenue.server.ts). */
  revenueCents: z.number().int(),
  orderCount: z.number().int(),
});

export const dailyRevenueSchema = z.object({
  date: z.string(),
  revenueCents: z.number().int(),
  orderCount: z.number().int(),
});

export const pendingPixSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  customerName: z.string(),
  totalCents: z.number().int(),
  expiresAt: z.string(),
  /** Seconds until the Pix expires, as of `generatedAt`. */
  secondsLeft: z.number().int(),
});

export const waitingWithdrawalSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  customerName: z.string(),
  totalCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  requestedAt: z.string(),
});

export const stockAlertSchema = z.object({
  productId: z.string(),
  name: z.string(),
  slug: z.string(),
  unitType: z.enum(["gram", "unit"]),
  stock: z.number().int(),
  /** The level at or below which the stock is low (dashboard-rules.ts). */
  threshold: z.number().int(),
  purchasable: z.boolean(),
});

export const dashboardSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  /** Today in São Paulo. */
  today: z.string(),
  revenue: z.object({ today: periodSchema, last7Days: periodSchema, last30Days: periodSchema }),
  /** The last 30 São Paulo days, oldest first, days without sales included (zero). */
  dailyRevenue: z.array(dailyRevenueSchema),
  /** Every status, in the order of ORDER_STATUSES, with how many orders are in it now. */
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  /** Unpaid orders whose Pix is still payable, the soonest to expire first. */
  pendingPix: z.object({ count: z.number().int(), orders: z.array(pendingPixSchema) }),
  /** Withdrawals after shipping whose products and refund are still to come, the oldest first. */
  withdrawals: z.object({ count: z.number().int(), orders: z.array(waitingWithdrawalSchema) }),
  /** Products at or below their low-stock level, the emptiest first. */
  stockAlerts: z.array(stockAlertSchema),
  /**
   * Carts with items and no change for ABANDONED_CART_HOURS, in the last 30 days (visitors' too:
   * customerName null), the most recent first; `subtotalCents` sums them all (issue 19 item 5).
   */
  abandonedCarts: z.object({
    count: z.number().int(),
    subtotalCents: z.number().int(),
    carts: z.array(
      z.object({
        cartId: z.string(),
        customerName: z.string().nullable(),
        customerEmail: z.string().nullable(),
        itemCount: z.number().int(),
        subtotalCents: z.number().int(),
        lastChangeAt: z.string(),
        remindedAt: z.string().nullable(),
      }),
    ),
  }),
  /** The audit log's newest entries. */
  recentAudit: z.array(auditEntrySchema),
});

export type Dashboard = z.infer<typeof dashboardSchema>;
export type DailyRevenue = z.infer<typeof dailyRevenueSchema>;
export type PendingPix = z.infer<typeof pendingPixSchema>;
export type WaitingWithdrawal = z.infer<typeof waitingWithdrawalSchema>;
export type StockAlert = z.infer<typeof stockAlertSchema>;
