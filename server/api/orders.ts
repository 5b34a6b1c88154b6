import { orderNotFound } from "#domain/errors.ts";
import type { Context } from "hono";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { renewPix } from "#domain/orders/renew-pix.server.ts";
import { getOrder, listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { requestWithdrawal } from "#domain/orders/withdrawal.server.ts";
import { chargeOrderNow } from "#domain/reconciliation/order-charge.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ordersContract } from "#server/contracts/orders.ts";

/** The customer's orders (issue 6, decision 005); placing one is server/api/checkout.ts. */

/** The order with items and history; only the owner's when `ownerId` is given (else 404, like a missing one). */
async function orderOr404(c: Context<AppEnv>, id: string, ownerId?: string) {
  const order = await getOrder(c.get("services").db, id, ownerId);
  if (!order) throw orderNotFound();
  return order;
}

export const listMyOrdersEndpoint = defineEndpoint({
  ...ordersContract.listMyOrders,
  guard: USER_ONLY,
  async handler({ c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id }); // an overdue Pix reads as cancelled (decision 005)
    return { orders: await listCustomerOrders(c.get("services").db, user.id) };
  },
});

export const getMyOrderEndpoint = defineEndpoint({
  ...ordersContract.getMyOrder,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id });
    return orderOr404(c, params.id, user.id);
  },
});

export const requestWithdrawalEndpoint = defineEndpoint({
  ...ordersContract.requestWithdrawal,
  guard: USER_ONLY,
  async handler({ body, params, c, user }) {
    // Asking again answers the same 201 with the first request, as a replayed checkout does (decision 005).
    await requestWithdrawal(c.get("services"), params.id, user.id, { reason: body.reason || null, unopened: body.unopened === true });
    return orderOr404(c, params.id, user.id);
  },
});

export const renewPixEndpoint = defineEndpoint({
  ...ordersContract.renewPix,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id });
    await renewPix(c.get("services"), params.id, user.id);
    await chargeOrderNow(c.get("services"), params.id);
    return orderOr404(c, params.id, user.id);
  },
});

/* The admin's order endpoints live in server/api/orders-admin.ts (issue 17). */

export const orderEndpoints = [listMyOrdersEndpoint, getMyOrderEndpoint, requestWithdrawalEndpoint];
