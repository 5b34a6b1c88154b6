import { Readable } from "node:stream";
import type { Context } from "hono";
import { listAdminOrderPage } from "#domain/orders/admin-order-search.server.ts";
import { ordersCsvFileName, streamOrdersCsv } from "#domain/orders/orders-csv.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { confirmPayment, moveOrderStatus } from "#domain/orders/admin-order-flows.server.ts";
import { cancelOrder } from "#domain/orders/cancel-order.server.ts";
import { refundPaidOrder } from "#domain/reconciliation/card-refund.server.ts";
import { addTracking } from "#domain/orders/ship-order.server.ts";
import { listOwedRefunds } from "#domain/orders/refunds.server.ts";
import { acceptReturn, listReturns, refuseReturn, replyToReturn } from "#domain/orders/returns.server.ts";
import { markRefundSent } from "#domain/orders/send-refund.server.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { orderNotFound } from "#domain/errors.ts";
import { ordersAdminContract } from "#server/contracts/orders-admin.ts";

/** The owner's orders and returns (issue 17 items 2 and 4; decision 020). Admins only. */

async function orderOr404(c: Context<AppEnv>, id: string) {
  const order = await getOrder(c.get("services").db, id);
  if (!order) throw orderNotFound();
  return order;
}

export const adminListOrdersEndpoint = defineEndpoint({
  ...ordersAdminContract.adminListOrders,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return listAdminOrderPage(c.get("services").db, query);
  },
});

export const adminExportOrdersEndpoint = defineEndpoint({
  ...ordersAdminContract.adminExportOrders,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    const csv = await streamOrdersCsv(c.get("services").db, query);
    return new Response(Readable.toWeb(csv) as ReadableStream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${ordersCsvFileName()}"`,
        "cache-control": "no-store",
      },
    });
  },
});

export const adminGetOrderEndpoint = defineEndpoint({
  ...ordersAdminContract.adminGetOrder,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    return orderOr404(c, params.id);
  },
});

export const adminConfirmPaymentEndpoint = defineEndpoint({
  ...ordersAdminContract.adminConfirmPayment,
  guard: ADMIN_ONLY,
  async handler({ params, c, user: admin }) {
    await confirmPayment(c.get("services"), params.id, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminMoveStatusEndpoint = defineEndpoint({
  ...ordersAdminContract.adminMoveStatus,
  guard: ADMIN_ONLY,
  async handler({ body, params, c, user: admin }) {
    if (body.status === "cancelled") await cancelOrder(c.get("services"), params.id, admin.id, body.note || null);
    else await moveOrderStatus(c.get("services"), params.id, body.status, admin.id, body.note || null);
    return orderOr404(c, params.id);
  },
});

export const adminTrackingEndpoint = defineEndpoint({
  ...ordersAdminContract.adminTracking,
  guard: ADMIN_ONLY,
  async handler({ body, params, c, user: admin }) {
    await addTracking(c.get("services"), params.id, body.trackingCode, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminCancelEndpoint = defineEndpoint({
  ...ordersAdminContract.adminCancel,
  guard: ADMIN_ONLY,
  async handler({ body, params, c, user: admin }) {
    await cancelOrder(c.get("services"), params.id, admin.id, body.reason || null);
    return orderOr404(c, params.id);
  },
});

export const adminRefundEndpoint = defineEndpoint({
  ...ordersAdminContract.adminRefund,
  guard: ADMIN_ONLY,
  async handler({ body, params, c, user: admin }) {
    // A card order's money goes back through Mercado Pago first (issue 32); a Pix order's as before.
    await refundPaidOrder(c.get("services"), params.id, admin.id, { amountCents: body.amountCents, note: body.note || null });
    return orderOr404(c, params.id);
  },
});

export const adminListReturnsEndpoint = defineEndpoint({
  ...ordersAdminContract.adminListReturns,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return listReturns(c.get("services").db, query);
  },
});

export const adminAcceptReturnEndpoint = defineEndpoint({
  ...ordersAdminContract.adminAcceptReturn,
  guard: ADMIN_ONLY,
  async handler({ params, c, user: admin }) {
    await acceptReturn(c.get("services"), params.id, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminReplyReturnEndpoint = defineEndpoint({
  ...ordersAdminContract.adminReplyReturn,
  guard: ADMIN_ONLY,
  async handler({ body, params, c, user: admin }) {
    await replyToReturn(c.get("services"), params.id, admin.id, body.message);
    return orderOr404(c, params.id);
  },
});

export const adminRefuseReturnEndpoint = defineEndpoint({
  ...ordersAdminContract.adminRefuseReturn,
  guard: ADMIN_ONLY,
  async handler({ body, params, c, user: admin }) {
    await refuseReturn(c.get("services"), params.id, admin.id, body.message);
    return orderOr404(c, params.id);
  },
});

export const adminListRefundsEndpoint = defineEndpoint({
  ...ordersAdminContract.adminListRefunds,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return { refunds: await listOwedRefunds(c.get("services").db) };
  },
});

export const adminRefundSentEndpoint = defineEndpoint({
  ...ordersAdminContract.adminRefundSent,
  guard: ADMIN_ONLY,
  async handler({ params, c, user: admin }) {
    await markRefundSent(c.get("services"), params.id, admin.id);
    return orderOr404(c, params.id);
  },
});

export const adminOrderEndpoints = [
  adminListOrdersEndpoint,
  adminExportOrdersEndpoint,
  adminGetOrderEndpoint,
  adminConfirmPaymentEndpoint,
  adminMoveStatusEndpoint,
  adminTrackingEndpoint,
  adminCancelEndpoint,
  adminRefundEndpoint,
  adminListReturnsEndpoint,
  adminAcceptReturnEndpoint,
  adminReplyReturnEndpoint,
  adminRefuseReturnEndpoint,
  adminListRefundsEndpoint,
  adminRefundSentEndpoint,
];
