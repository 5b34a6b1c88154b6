import type { z } from "zod";
import { fetchJson } from "#app/lib/fetch-json.ts";
import type { auditPageSchema } from "#domain/audit/audit-schemas.ts";
import type { adminOrderPageSchema, refundQueueSchema, returnsPageSchema } from "#domain/orders/admin-order-schemas.ts";
import type { orderDetailSchema } from "#domain/orders/order-schemas.ts";

/**
 * The admin's order and return calls (server/api/orders-admin.ts), typed by their response schemas;
 * errors are ApiCallError with the server's Portuguese message.
 */

/** The list's own URL parameters: the same names on the page and in the API (and the CSV). */
export const ORDER_FILTER_KEYS = ["q", "status", "payment", "from", "to", "sort"] as const;

/** The filters (and page) of the page's URL, as the API's query string. */
export function orderQueryOf(search: URLSearchParams, withPage = true): string {
  const query = new URLSearchParams();
  for (const key of [...ORDER_FILTER_KEYS, ...(withPage ? ["page"] : [])]) {
    const value = search.get(key);
    if (value) query.set(key, value);
  }
  return query.toString();
}

const FALLBACK = "Não foi possível concluir. Tente novamente.";
const get = <S extends z.ZodType>(path: string) => fetchJson<S>(`/api${path}`, { fallbackMessage: FALLBACK });
const post = (path: string, json: unknown = {}) =>
  fetchJson<typeof orderDetailSchema>(`/api${path}`, { method: "POST", json, fallbackMessage: FALLBACK });
const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

export const adminOrdersApi = {
  list: (query: string) => get<typeof adminOrderPageSchema>(`/admin/orders?${query}`),
  csvHref: (query: string) => `/api/admin/orders.csv${query ? `?${query}` : ""}`,
  order: (id: string) => get<typeof orderDetailSchema>(orderPath(id)),
  audit: (id: string) => get<typeof auditPageSchema>(`/admin/audit-log?entityType=order&entityId=${encodeURIComponent(id)}`),
  confirmPayment: (id: string) => post(`${orderPath(id)}/confirm-payment`),
  moveStatus: (id: string, status: string) => post(`${orderPath(id)}/status`, { status }),
  addTracking: (id: string, trackingCode: string) => post(`${orderPath(id)}/tracking`, { trackingCode }),
  cancel: (id: string, reason: string) => post(`${orderPath(id)}/cancel`, reason ? { reason } : {}),
  refund: (id: string, amountCents: number, note: string) =>
    post(`${orderPath(id)}/refund`, note ? { amountCents, note } : { amountCents }),
  returns: (state: string, page: number) =>
    get<typeof returnsPageSchema>(`/admin/returns?${new URLSearchParams({ state, page: String(page) })}`),
  acceptReturn: (id: string) => post(`/admin/returns/${encodeURIComponent(id)}/accept`),
  replyReturn: (id: string, message: string) => post(`/admin/returns/${encodeURIComponent(id)}/reply`, { message }),
  refuseReturn: (id: string, message: string) => post(`/admin/returns/${encodeURIComponent(id)}/refuse`, { message }),
  refunds: () => get<typeof refundQueueSchema>("/admin/refunds"),
  refundSent: (id: string) => post(`/admin/refunds/${encodeURIComponent(id)}/sent`),
};

/** The query keys, so an action can refresh every view of the orders it changed. */
export const adminOrderKeys = {
  all: ["admin-orders"] as const,
  list: (query: string) => ["admin-orders", "list", query] as const,
  order: (id: string) => ["admin-orders", "order", id] as const,
  audit: (id: string) => ["admin-orders", "audit", id] as const,
  returns: (state: string, page: number) => ["admin-orders", "returns", state, page] as const,
  refunds: ["admin-orders", "refunds"] as const,
};
