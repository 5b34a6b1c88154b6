import { apiClient } from "#app/lib/api-client.ts";
import type { CleanupKind } from "#domain/maintenance/maintenance-schemas.ts";
import type { authContract } from "#server/contracts/auth.ts";
import type { maintenanceContract } from "#server/contracts/maintenance.ts";
import { authRoutes } from "#server/contracts/auth.routes.ts";
import { maintenanceRoutes } from "#server/contracts/maintenance.routes.ts";

/**
 * The maintenance panel's calls (server/contracts/maintenance.ts), typed by their contract; errors
 * are ApiCallError with the server's Portuguese message.
 */

const FALLBACK = "Não foi possível concluir. Tente novamente.";
const maintenance = apiClient<typeof maintenanceContract>(maintenanceRoutes, { fallbackMessage: FALLBACK });
const auth = apiClient<typeof authContract>(authRoutes, { fallbackMessage: FALLBACK });

export const maintenanceApi = {
  health: () => maintenance.call("health"),
  maintenance: () => maintenance.call("getMaintenance"),
  setMaintenance: (enabled: boolean, message: string) => maintenance.call("setMaintenance", { body: { enabled, message } }),
  errors: () => maintenance.call("listErrors"),
  clearErrors: (olderThanDays: number) => maintenance.call("clearErrors", { body: { olderThanDays } }),
  admins: () => auth.call("listAdmins"),
  addAdmin: (email: string) => maintenance.call("addAdmin", { body: { email } }),
  removeAdmin: (email: string) => maintenance.call("removeAdmin", { params: { email } }),
  cleanups: (cartDays: number, notificationDays: number) =>
    maintenance.call("previewCleanups", { query: { cartDays: String(cartDays), notificationDays: String(notificationDays) } }),
  runCleanup: (kind: CleanupKind, days: number | null) =>
    maintenance.call("runCleanup", { params: { kind }, body: days === null ? {} : { days } }),
};

export const maintenanceKeys = {
  health: ["maintenance", "health"] as const,
  mode: ["maintenance", "mode"] as const,
  errors: ["maintenance", "errors"] as const,
  admins: ["maintenance", "admins"] as const,
  cleanups: (cartDays: number, notificationDays: number) => ["maintenance", "cleanups", cartDays, notificationDays] as const,
};

/** The message of a failed call, in Portuguese. */
export const failureText = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK);
