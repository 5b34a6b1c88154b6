import { apiClient, type CallInput } from "#app/lib/api-client.ts";
import type { ordersAdminContract } from "#server/contracts/orders-admin.ts";
import type { auditContract } from "#server/contracts/audit.ts";
import { ordersAdminRoutes } from "#server/contracts/orders-admin.routes.ts";
import { auditRoutes } from "#server/contracts/audit.routes.ts";

/**
 * The admin's order and return calls (server/contracts/orders-admin.ts), typed by their contract;
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
const orders = apiClient<typeof ordersAdminContract>(ordersAdminRoutes, { fallbackMessage: FALLBACK });
const audit = apiClient<typeof auditContract>(auditRoutes, { fallbackMessage: FALLBACK });

type Ops = typeof ordersAdminContract;
type ListQuery = CallInput<Ops["adminListOrders"]>["query"];
type ReturnsQuery = CallInput<Ops["adminListReturns"]>["query"];
type Status = CallInput<Ops["adminMoveStatus"]>["body"]["status"];

/** The page's query string as the list's query (the API validates it; the page keeps its URL as is). */
const listQuery = (query: string) => Object.fromEntries(new URLSearchParams(query)) as ListQuery;

export const adminOrdersApi = {
  list: (query: string) => orders.call("adminListOrders", { query: listQuery(query) }),
  csvHref: (query: string) => orders.href("adminExportOrders", { query: listQuery(query) }),
  order: (id: string) => orders.call("adminGetOrder", { params: { id } }),
  audit: (id: string) => audit.call("adminAuditLog", { query: { entityType: "order", entityId: id } }),
  confirmPayment: (id: string) => orders.call("adminConfirmPayment", { params: { id } }),
  moveStatus: (id: string, status: string) => orders.call("adminMoveStatus", { params: { id }, body: { status: status as Status } }),
  addTracking: (id: string, trackingCode: string) => orders.call("adminTracking", { params: { id }, body: { trackingCode } }),
  cancel: (id: string, reason: string) => orders.call("adminCancel", { params: { id }, body: reason ? { reason } : {} }),
  refund: (id: string, amountCents: number, note: string) =>
    orders.call("adminRefund", { params: { id }, body: note ? { amountCents, note } : { amountCents } }),
  returns: (state: string, page: number) => orders.call("adminListReturns", { query: { state, page: String(page) } as ReturnsQuery }),
  acceptReturn: (id: string) => orders.call("adminAcceptReturn", { params: { id } }),
  replyReturn: (id: string, message: string) => orders.call("adminReplyReturn", { params: { id }, body: { message } }),
  refuseReturn: (id: string, message: string) => orders.call("adminRefuseReturn", { params: { id }, body: { message } }),
  refunds: () => orders.call("adminListRefunds"),
  refundSent: (id: string) => orders.call("adminRefundSent", { params: { id } }),
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
