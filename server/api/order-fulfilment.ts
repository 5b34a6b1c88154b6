import { orderFulfilment } from "#domain/orders/order-parts.server.ts";
import { markParcelDelivered } from "#domain/orders/parcel-delivered.server.ts";
import { markServiceHeld } from "#domain/orders/service-held.server.ts";
import { orderFulfilmentContract } from "#server/contracts/order-fulfilment.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";

/** An order's parts and tracking (issue 30 items 5 and 6): the customer's own order, and the owner's steps. */

export const orderFulfilmentEndpoint = defineEndpoint({
  ...orderFulfilmentContract.orderFulfilment,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    return orderFulfilment(c.get("services").db, params.id, user.id);
  },
});

export const adminOrderFulfilmentEndpoint = defineEndpoint({
  ...orderFulfilmentContract.adminOrderFulfilment,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    return orderFulfilment(c.get("services").db, params.id);
  },
});

export const adminServiceHeldEndpoint = defineEndpoint({
  ...orderFulfilmentContract.adminServiceHeld,
  guard: ADMIN_ONLY,
  async handler({ params, c, user: admin }) {
    await markServiceHeld(c.get("services"), params.id, params.productId, admin.id);
    return orderFulfilment(c.get("services").db, params.id);
  },
});

export const adminParcelDeliveredEndpoint = defineEndpoint({
  ...orderFulfilmentContract.adminParcelDelivered,
  guard: ADMIN_ONLY,
  async handler({ params, c, user: admin }) {
    await markParcelDelivered(c.get("services"), params.id, admin.id);
    return orderFulfilment(c.get("services").db, params.id);
  },
});

export const orderFulfilmentEndpoints = [
  orderFulfilmentEndpoint,
  adminOrderFulfilmentEndpoint,
  adminServiceHeldEndpoint,
  adminParcelDeliveredEndpoint,
];
