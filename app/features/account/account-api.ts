import { apiClient } from "#app/lib/api-client.ts";
import type { accountContract } from "#server/contracts/account.ts";
import type { recoveryContract } from "#server/contracts/recovery.ts";
import { accountRoutes } from "#server/contracts/account.routes.ts";
import { recoveryRoutes } from "#server/contracts/recovery.routes.ts";

/**
 * The panel's calls (server/contracts/account.ts and recovery.ts for the reminder e-mails), typed by
 * their contracts; errors are ApiCallError with the server's Portuguese message.
 */
const FALLBACK = "Não foi possível concluir. Tente novamente.";
export const accountClient = apiClient<typeof accountContract>(accountRoutes, { fallbackMessage: FALLBACK });
export const remindersClient = apiClient<typeof recoveryContract>(recoveryRoutes, { fallbackMessage: FALLBACK });
