import { apiClient } from "#app/lib/api-client.ts";
import type { orderFulfilmentContract } from "#server/contracts/order-fulfilment.ts";
import { orderFulfilmentRoutes } from "#server/contracts/order-fulfilment.routes.ts";

/** An order's parts and tracking (server/contracts/order-fulfilment.ts), typed by their contract; errors are ApiCallError in Portuguese. */
const client = apiClient<typeof orderFulfilmentContract>(orderFulfilmentRoutes, {
  fallbackMessage: "Não foi possível concluir. Tente novamente.",
});

export const orderFulfilmentApi = {
  mine: (id: string) => client.call("orderFulfilment", { params: { id } }),
  admin: (id: string) => client.call("adminOrderFulfilment", { params: { id } }),
  serviceHeld: (id: string, productId: string) => client.call("adminServiceHeld", { params: { id, productId } }),
  parcelDelivered: (id: string) => client.call("adminParcelDelivered", { params: { id } }),
};

export const orderFulfilmentKeys = {
  mine: (id: string) => ["order-fulfilment", id] as const,
  admin: (id: string) => ["admin-orders", "fulfilment", id] as const,
};
