import { orderDeliveries, renewDownloadLink } from "#domain/delivery/deliveries.server.ts";
import { orderForDelivery } from "#domain/orders/order-delivery.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { deliveryContract } from "#server/contracts/delivery.ts";

/** Digital delivery (issue 19 item 4, decision 030): the buyer's links and instructions. The file itself: server/http/downloads.ts. */

export const orderDeliveriesEndpoint = defineEndpoint({
  ...deliveryContract.orderDeliveries,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    const { db, config } = c.get("services");
    return orderDeliveries(db, config, await orderForDelivery(db, params.id), user.id);
  },
});

export const renewDownloadLinkEndpoint = defineEndpoint({
  ...deliveryContract.renewDownloadLink,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    const { db, config } = c.get("services");
    return renewDownloadLink(db, config, await orderForDelivery(db, params.id), {
      orderId: params.id,
      productId: params.productId,
      userId: user.id,
    });
  },
});

export const deliveryEndpoints = [orderDeliveriesEndpoint, renewDownloadLinkEndpoint];
