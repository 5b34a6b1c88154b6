/**
 * What the owner may choose to be told on each device (issue 31 item 2), in pt-BR. Browser-safe:
 * the admin's device list shows these labels. A new device starts with every event on.
 */
export const OWNER_PUSH_EVENTS = [
  "order_paid",
  "return_requested",
  "stock_low",
  "email_failed",
  "label_refused",
  "invoice_refused",
  "health_red",
] as const;
export type OwnerPushEvent = (typeof OWNER_PUSH_EVENTS)[number];

export const OWNER_PUSH_EVENT_LABELS: Record<OwnerPushEvent, string> = {
  order_paid: "Pedido pago",
  return_requested: "Desistência ou devolução pedida",
  stock_low: "Estoque no alerta ou abaixo",
  email_failed: "E-mail que não pôde ser entregue",
  label_refused: "Etiqueta recusada",
  invoice_refused: "Nota fiscal recusada",
  health_red: "Sistema com problema",
};

/** Who a device's pushes are for. */
export type PushAudience = "owner" | "customer";
