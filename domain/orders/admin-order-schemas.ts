import { z } from "zod";
import { orderStatusSchema } from "#domain/orders/order-schemas.ts";

/**
 * The admin's order screens (issue 17 items 2 and 4), browser-safe: the list's query and answer, the
 * refund, and the returns queue. Money is integer cents; dates ISO strings.
 */

/** Where the money of an order stands, read from its status, payment date and refund (payment-state.ts). */
export const PAYMENT_STATES = ["awaiting", "paid", "refunded", "unpaid"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  awaiting: "Aguardando Pix",
  paid: "Pago",
  refunded: "Reembolsado",
  unpaid: "Não pago",
};

export const ORDER_SORTS = ["recent", "oldest", "total_desc", "total_asc", "customer"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  recent: "Mais recentes",
  oldest: "Mais antigos",
  total_desc: "Maior valor",
  total_asc: "Menor valor",
  customer: "Cliente (A–Z)",
};

/** A phone screen of cards, a desktop screen of rows. */
export const ADMIN_ORDER_PAGE_SIZE = 20;

/** A form's empty field ("status=") means "any", like a missing one. */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z
    // The refusal is the field's own message, not the union's generic one.
    .union([z.literal(""), schema], { error: (issue) => ("errors" in issue ? issue.errors[1]?.[0]?.message : undefined) })
    .optional()
    .transform((value) => (value === "" ? undefined : (value as z.output<T> | undefined)));

const isoDay = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      message,
    );

/** GET /admin/orders and /admin/orders.csv: the same filters, so the export is what the list shows. */
export const adminOrderFiltersSchema = z
  .object({
    q: blankAsMissing(z.string().trim().max(100, "Busca longa demais: até 100 caracteres.")),
    status: blankAsMissing(orderStatusSchema),
    payment: blankAsMissing(z.enum(PAYMENT_STATES, "Situação de pagamento desconhecida.")),
    from: blankAsMissing(isoDay("Data inicial inválida: use o formato AAAA-MM-DD.")),
    to: blankAsMissing(isoDay("Data final inválida: use o formato AAAA-MM-DD.")),
    sort: blankAsMissing(z.enum(ORDER_SORTS, "Ordem desconhecida.")),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: "A data inicial não pode ser depois da data final.",
    path: ["from"],
  });
export type AdminOrderFilters = z.output<typeof adminOrderFiltersSchema>;

export const adminOrderQuerySchema = z
  .object({
    ...adminOrderFiltersSchema.shape,
    page: z.coerce
      .number({ error: "Página inválida." })
      .int("Página inválida.")
      .min(1, "Página inválida.")
      .max(10_000, "Página inválida.")
      .default(1),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: "A data inicial não pode ser depois da data final.",
    path: ["from"],
  });
export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  paymentState: z.enum(PAYMENT_STATES),
  totalCents: z.number().int(),
  createdAt: z.string(),
  itemCount: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** The delivery phone, digits only (orders without shipping have none). */
  customerPhone: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  trackingCode: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many orders match the filters, over every page. */
  total: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** POST /admin/orders/{id}/refund: the amount actually sent back, at most the order's total. */
export const refundInputSchema = z.object({
  amountCents: z
    .number({ error: "Informe o valor do reembolso." })
    .int("Informe o valor em centavos inteiros.")
    .positive("O valor do reembolso deve ser maior que zero."),
  note: z.string("Observação inválida.").trim().max(500, "Máximo de 500 caracteres.").optional(),
});
export type RefundInput = z.output<typeof refundInputSchema>;

export const cancelInputSchema = z.object({
  reason: z.string("Motivo inválido.").trim().max(500, "Máximo de 500 caracteres.").optional(),
});

/* The returns queue (item 4). */

/**
 * Where a withdrawal stands: `requested` (a return waits for the shop's answer), `awaiting_return`
 * (accepted, the products are on their way back), `done` (the refund is recorded; a withdrawal
 * before shipping is cancelled and refunded by the server at once, decision 018).
 */
export const RETURN_STATES = ["requested", "awaiting_return", "done", "refused"] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: "Aguardando resposta",
  awaiting_return: "Aguardando os produtos",
  done: "Reembolso registrado",
  refused: "Recusada",
};

export const returnsQuerySchema = z.object({
  /** "open": requested or awaiting the products (the queue); "done"; absent: all. */
  state: blankAsMissing(z.enum(["open", "done"], "Filtro de devoluções desconhecido.")),
  page: adminOrderQuerySchema.shape.page,
});

export const returnItemSchema = z.object({
  orderId: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  state: z.enum(RETURN_STATES),
  /** "cancel": asked before shipping (cancelled at once); "return": the products come back. */
  mode: z.enum(["cancel", "return"]),
  customerName: z.string(),
  customerEmail: z.string(),
  totalCents: z.number().int(),
  requestedAt: z.string(),
  /** The customer's words after "Motivo:", if any. */
  reason: z.string().nullable(),
  refundCents: z.number().int().nullable(),
  /** How many replies the shop sent. */
  replies: z.number().int(),
});
export type ReturnItem = z.infer<typeof returnItemSchema>;

export const returnsPageSchema = z.object({
  returns: z.array(returnItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const returnReplySchema = z.object({
  message: z.string({ error: "Escreva a resposta." }).trim().min(1, "Escreva a resposta.").max(1000, "Máximo de 1000 caracteres."),
});

/* The refund queue (decision 044): refunds owed until the owner sends them. */

export const refundQueueItemSchema = z.object({
  orderId: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  /** Who paid, to find the transfer and send the money back to the same account. */
  customerName: z.string(),
  customerEmail: z.string(),
  cpf: z.string().nullable(),
  /** The Pix's identifier as the bank statement shows it. */
  pixTxid: z.string(),
  paymentProvider: z.string(),
  /** The Pix end-to-end id when a provider received the payment. */
  endToEndId: z.string().nullable(),
  paidAt: z.string().nullable(),
  amountCents: z.number().int(),
  shippingCents: z.number().int(),
  owedSince: z.string(),
});
export type RefundQueueItem = z.infer<typeof refundQueueItemSchema>;

export const refundQueueSchema = z.object({ refunds: z.array(refundQueueItemSchema) });
