import { apiClient } from "#app/lib/api-client.ts";
import type { invoicesContract } from "#server/contracts/invoices.ts";
import { invoicesRoutes } from "#server/contracts/invoices.routes.ts";

/** The invoices' operations, called by name (decision 046). */
export const invoicesApi = apiClient<typeof invoicesContract>(invoicesRoutes, {
  fallbackMessage: "Não foi possível falar com a loja. Tente novamente.",
});
