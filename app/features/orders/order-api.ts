import { apiClient } from "#app/lib/api-client.ts";
import type { ordersContract } from "#server/contracts/orders.ts";
import { ordersRoutes } from "#server/contracts/orders.routes.ts";

/**
 * The customer's order calls (server/contracts/orders.ts), typed by their contract; errors are
 * ApiCallError with the server's Portuguese message and code.
 */
export const ordersClient = apiClient<typeof ordersContract>(ordersRoutes, {
  fallbackMessage: "Não foi possível concluir. Tente novamente.",
});
