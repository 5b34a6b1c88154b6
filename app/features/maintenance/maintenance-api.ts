import type { z } from "zod";
import { fetchJson } from "#app/lib/fetch-json.ts";
import type { adminListSchema } from "#domain/auth/auth-api-schemas.ts";
import type {
  cleanupPreviewSchema,
  cleanupResultSchema,
  clearedErrorsSchema,
  errorListSchema,
  healthSchema,
  maintenanceStateSchema,
  CleanupKind,
} from "#domain/maintenance/maintenance-schemas.ts";

/**
 * The maintenance panel's calls (server/api/maintenance.ts), typed by their response schemas;
 * errors are ApiCallError with the server's Portuguese message.
 */

const FALLBACK = "Não foi possível concluir. Tente novamente.";
const call = <S extends z.ZodType>(path: string, request: { method?: string; json?: unknown } = {}) =>
  fetchJson<S>(`/api/admin${path}`, { ...request, fallbackMessage: FALLBACK });

export const maintenanceApi = {
  health: () => call<typeof healthSchema>("/health"),
  maintenance: () => call<typeof maintenanceStateSchema>("/maintenance"),
  setMaintenance: (enabled: boolean, message: string) =>
    call<typeof maintenanceStateSchema>("/maintenance", { method: "PUT", json: { enabled, message } }),
  errors: () => call<typeof errorListSchema>("/errors"),
  clearErrors: (olderThanDays: number) => call<typeof clearedErrorsSchema>("/errors/clear", { json: { olderThanDays } }),
  admins: () => call<typeof adminListSchema>("/admins"),
  addAdmin: (email: string) => call<typeof adminListSchema>("/admins", { json: { email } }),
  removeAdmin: (email: string) => call<typeof adminListSchema>(`/admins/${encodeURIComponent(email)}`, { method: "DELETE" }),
  cleanups: (cartDays: number, notificationDays: number) =>
    call<typeof cleanupPreviewSchema>(
      `/cleanups?${new URLSearchParams({ cartDays: String(cartDays), notificationDays: String(notificationDays) })}`,
    ),
  runCleanup: (kind: CleanupKind, days: number | null) =>
    call<typeof cleanupResultSchema>(`/cleanups/${kind}`, { json: days === null ? {} : { days } }),
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
