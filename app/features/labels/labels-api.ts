import { apiClient } from "#app/lib/api-client.ts";
import type { labelsContract } from "#server/contracts/labels.ts";
import { labelsRoutes } from "#server/contracts/labels.routes.ts";

/** The owner's label calls (server/contracts/labels.ts), typed by their contract; errors carry the server's Portuguese. */
const labels = apiClient<typeof labelsContract>(labelsRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });

export const labelKeys = {
  wallet: ["admin", "labels", "wallet"] as const,
  order: (orderId: string) => ["admin", "labels", "order", orderId] as const,
};

export const labelsApi = {
  wallet: () => labels.call("labelWallet"),
  order: (id: string) => labels.call("orderLabel", { params: { id } }),
  buy: (id: string) => labels.call("buyLabel", { params: { id } }),
  cancel: (id: string) => labels.call("cancelLabel", { params: { id } }),
  buyMany: (orderIds: string[]) => labels.call("buyLabels", { body: { orderIds } }),
};
