import { z } from "zod";
import { ORDER_STATUSES } from "#domain/orders/order-status.ts";
import { storedAddressSchema } from "#domain/shipping/address-schema.ts";
import { ORDER_STATUS_REASONS } from "#domain/orders/order-moves.ts";

/**
 * The orders API's answers (server/api/orders.ts), browser-safe. The domain's order types
 * (order-types.ts) are `z.infer` of these, and the pages' calls are typed by them. Dates are ISO
 * strings, money integer cents.
 */

/** A withdrawal after shipping returns products: they must come back sealed (the page asks before sending). */
export const UNOPENED_MESSAGE = "Confirme que os produtos estão lacrados, na embalagem original.";

/** POST /orders/:id/withdrawal: the customer's confirmation and reason (CDC art. 49). */
export const withdrawalInput = z.object({
  // Asked only when products come back (shipped or delivered); before shipping there is nothing to open.
  unopened: z.literal(true, UNOPENED_MESSAGE).optional(),
  reason: z.string("Motivo inválido.").trim().max(500, "Máximo de 500 caracteres.").optional(),
});

export const orderStatusSchema = z.enum(ORDER_STATUSES, "Status de pedido desconhecido.");

/** The delivery address copied into the order when it is placed (orders.shipping_address). */
export const orderAddressSnapshotSchema = storedAddressSchema.extend({ cpf: z.string() });

export const orderSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  totalCents: z.number().int(),
  createdAt: z.string(),
  itemCount: z.number().int(),
  /** What was bought, for the list: each line's product name and current picture, in name order. */
  lines: z.array(z.object({ productName: z.string(), image: z.string() })),
  customerEmail: z.string().optional(),
  customerName: z.string().optional(),
});

export const orderDetailSchema = orderSummarySchema.omit({ lines: true }).extend({
  subtotalCents: z.number().int(),
  packagingCents: z.number().int(),
  shippingCents: z.number().int(),
  discountCents: z.number().int(),
  /** What discountCents is made of: the coupon and the credit (decisions 027, 028), in the order applied. */
  discounts: z.array(z.object({ kind: z.enum(["coupon", "credit"]), label: z.string(), amountCents: z.number().int() })),
  shippingMethod: z.string().nullable(),
  shippingDays: z.number().int().nullable(),
  /** Production days before posting; the estimate is these plus shippingDays (decision 058). */
  productionDays: z.number().int(),
  shippingAddress: orderAddressSnapshotSchema.nullable(),
  trackingCode: z.string().nullable(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** When the customer asked to withdraw (history entry), null if never. */
  withdrawalRequestedAt: z.string().nullable(),
  /** Delivery + WITHDRAWAL_DAYS, null before delivery. */
  withdrawalDeadline: z.string().nullable(),
  /** Whether the customer can withdraw now (decided on the server, at read time). */
  withdrawalOpen: z.boolean(),
  /** What withdrawing does now: "cancel" (paid, not shipped: cancelled and refunded) or "return" (shipped or delivered). */
  withdrawalMode: z.enum(["cancel", "return"]).nullable(),
  /** The refund recorded for the order, null if none: `owed` until the shop sends the money ("reembolso em andamento"). */
  refund: z
    .object({
      amountCents: z.number().int(),
      shippingCents: z.number().int(),
      status: z.enum(["owed", "paid"]),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    })
    .nullable(),
  cancelReason: z.string().nullable(),
  /** Present (true) only when a card paid the order (issue 32): its refunds go back to the card, not to a Pix. */
  paidByCard: z.literal(true).optional(),
  /** Cancelled because its Pix expired, recently enough for "Gerar novo Pix" (decided on the server, at read time). */
  pixRenewable: z.boolean(),
  /** Only while the order waits for payment. */
  pix: z.object({ code: z.string(), txid: z.string(), expiresAt: z.string() }).nullable(),
  /** While a provider's Pix is being made after the order's commit: `generating`, or `failed` (the shop keeps trying). */
  pixGeneration: z.enum(["generating", "failed"]).nullable(),
  items: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      productSlug: z.string(),
      unitType: z.enum(["gram", "unit"]),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      totalPriceCents: z.number().int(),
      packagingFeeCents: z.number().int(),
      finalTotalCents: z.number().int(),
      needsShipping: z.boolean(),
    }),
  ),
  history: z.array(
    z.object({
      fromStatus: orderStatusSchema.nullable(),
      toStatus: orderStatusSchema,
      /** Why (decisions read this); `note` is the text people read, rendered from it. */
      reason: z.enum(ORDER_STATUS_REASONS),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const orderListSchema = z.object({ orders: z.array(orderSummarySchema) });
