/**
 * An order delivered part by part (issue 30 item 6, decision 081), as both order pages show it:
 * the goods travel as one shipment, each service is delivered when it is held, courses and the
 * e-book when access is given (at payment, decision 030). Also the carrier's timeline of the
 * shipment (decision 080). Browser-safe: the pages render these.
 */
import { z } from "zod";
import { CARRIER_STATUSES } from "#domain/orders/carrier-statuses.ts";

export const PART_KINDS = ["shipment", "service", "access"] as const;
export type PartKind = (typeof PART_KINDS)[number];

export const PART_STATES = [
  "waiting",
  "shipped",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "undelivered",
  "returned",
  "held",
  "available",
] as const;
export type PartState = (typeof PART_STATES)[number];

export const orderPartSchema = z.object({
  kind: z.enum(PART_KINDS),
  /** The service's or course's product; null for the shipment, which carries every good. */
  productId: z.string().nullable(),
  /** What the part is, in words: the products of the parcel, or the service's name. */
  label: z.string(),
  state: z.enum(PART_STATES),
  /** When it was delivered (held, arrived, given); null while it waits. */
  doneAt: z.string().nullable(),
});
export type OrderPart = z.infer<typeof orderPartSchema>;

export const carrierEventViewSchema = z.object({
  status: z.enum(CARRIER_STATUSES),
  trackingCode: z.string().nullable(),
  occurredAt: z.string(),
});

/** The shipment's tracking: the code, where to follow it, and every event the carrier sent, oldest first. */
export const orderTrackingSchema = z.object({
  code: z.string().nullable(),
  url: z.string().nullable(),
  events: z.array(carrierEventViewSchema),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/** How each part's state reads, by kind (the shipment's "waiting" is not a service's). */
export function partStateLabel(part: Pick<OrderPart, "kind" | "state">): string {
  if (part.kind === "service") return part.state === "held" ? "Realizado" : "A realizar";
  if (part.kind === "access") return part.state === "available" ? "Acesso liberado" : "Liberado após o pagamento";
  return SHIPMENT_STATE_LABELS[part.state];
}

const SHIPMENT_STATE_LABELS: Record<PartState, string> = {
  waiting: "Aguardando envio",
  shipped: "Postado",
  in_transit: "Em trânsito",
  out_for_delivery: "Saiu para entrega",
  delivered: "Entregue",
  undelivered: "Entrega não realizada",
  returned: "Devolvido à loja",
  held: "Entregue",
  available: "Entregue",
};

/** What each carrier event says on the customer's timeline. */
export const CARRIER_EVENT_LABELS: Record<(typeof CARRIER_STATUSES)[number], string> = {
  posted: "Postado",
  in_transit: "Em trânsito",
  out_for_delivery: "Saiu para entrega",
  delivered: "Entregue",
  undelivered: "A transportadora não conseguiu entregar",
  returned: "Devolvido à loja",
};

/** Where a customer follows a parcel by its code: Melhor Rastreio reads every carrier's codes (Correios, Jadlog…). */
export function trackingPageUrl(code: string): string {
  return `https://www.melhorrastreio.com.br/rastreio/${encodeURIComponent(code)}`;
}

/** Published on the customer's own topic when the carrier's news of an order arrives: the open order page re-reads. */
export const ORDER_TRACKING_EVENT = "order_tracking";

/** GET …/fulfilment: the order's parts and its parcel's tracking (null: nothing shipped yet). */
export const orderFulfilmentSchema = z.object({ parts: z.array(orderPartSchema), tracking: orderTrackingSchema.nullable() });
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;
