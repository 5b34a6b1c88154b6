import { z } from "zod";

/** The provider charges of one order as the admin's order page shows them (browser-safe). */
export const providerPaymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  attempt: z.number().int(),
  providerChargeId: z.string(),
  txid: z.string().nullable(),
  e2eId: z.string().nullable(),
  status: z.string(),
  /** The provider's own status, verbatim ("approved/accredited", "CONCLUIDA"…). */
  providerStatus: z.string().nullable(),
  amountCents: z.number().int(),
  paidCents: z.number().int().nullable(),
  problem: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Card payments (issue 32): what the shop keeps of the card, what went back, and a chargeback's deadline. */
  method: z.enum(["pix", "card"]),
  card: z.object({ brand: z.string().nullable(), lastFour: z.string().nullable(), installments: z.number().int().nullable() }).nullable(),
  refundedCents: z.number().int(),
  chargebackDeadline: z.string().nullable(),
});
export type ProviderPayment = z.infer<typeof providerPaymentSchema>;

export const orderPaymentsSchema = z.object({
  /** Who confirms this shop's new Pix: "admin" (static) or "webhook" (a provider). */
  confirmedBy: z.enum(["admin", "webhook"]),
  payments: z.array(providerPaymentSchema),
});
export type OrderPayments = z.infer<typeof orderPaymentsSchema>;

/** Mercado Pago's notification (research B.1.a): only its shape is checked; nothing in it is trusted. */
export const mercadoPagoNotificationSchema = z.looseObject({
  id: z.union([z.string().max(64), z.number()]).optional(),
  type: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  data: z.looseObject({ id: z.union([z.string().max(64), z.number()]).optional() }).optional(),
});

export const mercadoPagoWebhookQuerySchema = z.object({
  "data.id": z.string().max(64).optional(),
  type: z.string().max(100).optional(),
  id: z.string().max(64).optional(),
  topic: z.string().max(100).optional(),
});

export const pixWebhookQuerySchema = z.object({
  hmac: z.string().max(200).optional(),
  ignorar: z.string().max(200).optional(),
});

export const webhookReceivedSchema = z.object({ received: z.literal(true) });
