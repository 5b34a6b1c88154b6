/**
 * A shipping label's states and what the owner's screens and the API say about them (issue 30 item
 * 4, decision 078). Browser-safe: the label panel and the orders list read the same words.
 */
import { z } from "zod";

export const LABEL_STATUSES = ["started", "in_progress", "ready", "used", "failed", "cancelled"] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

export const LABEL_STEPS = ["cart", "checkout", "generate", "print", "done"] as const;
export type LabelStep = (typeof LABEL_STEPS)[number];

export const LABEL_STATUS_LABELS: Record<LabelStatus, string> = {
  started: "Pedida",
  in_progress: "Sendo comprada",
  ready: "Pronta para imprimir",
  used: "Postada",
  failed: "Recusada",
  cancelled: "Cancelada",
};

/** The step reached, as the owner reads it while a label is being bought. */
export const LABEL_STEP_LABELS: Record<LabelStep, string> = {
  cart: "colocando no carrinho do Melhor Envio",
  checkout: "pagando com o saldo da carteira",
  generate: "gerando a etiqueta",
  print: "preparando a impressão",
  done: "pronta",
};

/**
 * The declared moves of a label: only these are written (domain/labels/label-store.server.ts). A
 * failed label is bought again from the step it reached; a posted one can no longer be cancelled.
 */
export const LABEL_TRANSITIONS: Record<LabelStatus, readonly LabelStatus[]> = {
  started: ["in_progress", "failed", "cancelled"],
  in_progress: ["in_progress", "ready", "failed", "cancelled"],
  ready: ["used", "cancelled"],
  used: ["used"],
  failed: ["in_progress", "cancelled"],
  cancelled: [],
};

export const canMoveLabel = (from: LabelStatus, to: LabelStatus) => LABEL_TRANSITIONS[from].includes(to);

/** What the carrier said last, in Portuguese (Melhor Envio's statuses). */
export const PROVIDER_STATUS_LABELS: Record<string, string> = {
  pending: "no carrinho",
  released: "paga",
  generated: "gerada",
  posted: "postada",
  delivered: "entregue",
  undelivered: "não entregue (devolvida)",
  canceled: "cancelada",
  expired: "expirada no carrinho",
};

export const labelViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(LABEL_STATUSES),
  step: z.enum(LABEL_STEPS),
  serviceId: z.number().int(),
  priceCents: z.number().int().nullable(),
  nonCommercial: z.boolean(),
  providerStatus: z.string().nullable(),
  protocol: z.string().nullable(),
  trackingCode: z.string().nullable(),
  /** The shop's own print link (the label with its packing slip), once ready. */
  printPath: z.string().nullable(),
  errorMessage: z.string().nullable(),
  refundNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(
    z.object({
      toStatus: z.enum(LABEL_STATUSES),
      step: z.enum(LABEL_STEPS),
      providerStatus: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type LabelView = z.infer<typeof labelViewSchema>;

export const orderLabelSchema = z.object({
  label: labelViewSchema.nullable(),
  /** Why a label cannot be bought now, in Portuguese with what to do; null: it can. */
  blocker: z.string().nullable(),
});
export type OrderLabel = z.infer<typeof orderLabelSchema>;

export const walletSchema = z.object({
  connected: z.boolean(),
  balanceCents: z.number().int().nullable(),
  /** Why the balance is unknown, in Portuguese; null when shown. */
  message: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const MAX_BULK_LABELS = 50;

export const bulkLabelsInput = z.object({
  orderIds: z
    .array(z.guid({ error: "Pedido inválido." }).transform((id) => id.toLowerCase()))
    .min(1, "Selecione ao menos um pedido.")
    .max(MAX_BULK_LABELS, `No máximo ${MAX_BULK_LABELS} pedidos por vez.`),
});

export const bulkLabelsResultSchema = z.object({
  started: z.array(z.object({ orderId: z.string(), labelId: z.string() })),
  refused: z.array(z.object({ orderId: z.string(), message: z.string() })),
  /** One link printing every label of the selection, with its packing slips. */
  printPath: z.string().nullable(),
});
export type BulkLabelsResult = z.infer<typeof bulkLabelsResultSchema>;

export const printLabelsQuery = z.object({
  pedidos: z
    .string()
    .max(MAX_BULK_LABELS * 37)
    .transform((value) => value.split(",").map((id) => id.trim().toLowerCase()))
    .pipe(
      z
        .array(z.guid({ error: "Pedido inválido." }))
        .min(1, "Selecione ao menos um pedido.")
        .max(MAX_BULK_LABELS),
    ),
});

/** The shop's print link of these orders' labels. */
export const printPathOf = (orderIds: readonly string[]) => `/api/admin/labels/print?pedidos=${orderIds.join(",")}`;

export const melhorEnvioWebhookSchema = z.looseObject({
  event: z.string().max(100),
  data: z.looseObject({ id: z.string().max(100) }),
});

export const labelWebhookReceivedSchema = z.object({ received: z.literal(true) });
