import type { Context } from "hono";
import { quoteCartShipping } from "#domain/checkout/checkout-cart.server.ts";
import { placeOrder } from "#domain/checkout/place-order.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { renewPix } from "#domain/orders/renew-pix.server.ts";
import { getOrder, listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { requestWithdrawal } from "#domain/orders/withdrawal.server.ts";
import { lookupCep } from "#domain/shipping/cep-lookup.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { orderNotFound } from "#domain/errors.ts";
import { orderContract } from "#server/contracts/orders.ts";

/** Checkout and the customer's orders (issue 6, decision 005). */

/** The order with items and history; only the owner's when `ownerId` is given (else 404, like a missing one). */
async function orderOr404(c: Context<AppEnv>, id: string, ownerId?: string) {
  const order = await getOrder(c.get("services").db, id, ownerId);
  if (!order) throw orderNotFound();
  return order;
}

/**
 * The CEP travels in a POST body, never in the URL: a CEP is personal data (with a house number it
 * names a home), and URLs end up in access logs, proxies and browser history (issue 16 item 7).
 */
export const cepLookupEndpoint = defineEndpoint({
  ...orderContract.cepLookup,
  guard: USER_ONLY,
  async handler({ body, c }) {
    const { config } = c.get("services");
    return lookupCep(body.cep, { baseUrl: config.CEP_LOOKUP_URL, timeoutMs: config.CEP_LOOKUP_TIMEOUT_MS });
  },
});

/** Where the lookup lived until the CEP left the URL; pages still open from before get 410, not a lookup. */
export const RETIRED_CEP_LOOKUP_PATH = "/checkout/cep/*";

export const shippingQuoteEndpoint = defineEndpoint({
  ...orderContract.shippingQuote,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    return quoteCartShipping(c.get("services").db, user.id, body.cep);
  },
});

export const placeOrderEndpoint = defineEndpoint({
  ...orderContract.placeOrder,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    const placed = await placeOrder(c.get("services"), user, body);
    if (placed.replayed) c.status(200);
    return placed;
  },
});

export const listMyOrdersEndpoint = defineEndpoint({
  ...orderContract.listMyOrders,
  guard: USER_ONLY,
  async handler({ c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id }); // an overdue Pix reads as cancelled (decision 005)
    return { orders: await listCustomerOrders(c.get("services").db, user.id) };
  },
});

export const getMyOrderEndpoint = defineEndpoint({
  ...orderContract.getMyOrder,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id });
    return orderOr404(c, params.id, user.id);
  },
});

export const requestWithdrawalEndpoint = defineEndpoint({
  ...orderContract.requestWithdrawal,
  guard: USER_ONLY,
  async handler({ body, params, c, user }) {
    // Asking again answers the same 201 with the first request, as a replayed checkout does (decision 005).
    await requestWithdrawal(c.get("services"), params.id, user.id, { reason: body.reason || null, unopened: body.unopened === true });
    return orderOr404(c, params.id, user.id);
  },
});

export const renewPixEndpoint = defineEndpoint({
  ...orderContract.renewPix,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id });
    await renewPix(c.get("services"), params.id, user.id);
    return orderOr404(c, params.id, user.id);
  },
});

/* The admin's order endpoints live in server/api/admin-orders.ts (issue 17). */

export const orderEndpoints = [
  cepLookupEndpoint,
  shippingQuoteEndpoint,
  placeOrderEndpoint,
  listMyOrdersEndpoint,
  getMyOrderEndpoint,
  requestWithdrawalEndpoint,
];
