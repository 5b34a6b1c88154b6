import type { z } from "zod";
import { fetchJson } from "#app/lib/fetch-json.ts";
import type { goLiveReportSchema } from "#domain/settings/go-live-rules.ts";
import type { ShopSettingsInput, shopSettingsSchema, testEmailResultSchema } from "#domain/settings/settings-schemas.ts";

/** The settings' and go-live check's calls (server/api/settings.ts), typed by their response schemas. */

const call = <S extends z.ZodType>(path: string, request: { method?: string; json?: unknown } = {}) =>
  fetchJson<S>(`/api/admin${path}`, { ...request, fallbackMessage: "Não foi possível concluir. Tente novamente." });

export const settingsApi = {
  settings: () => call<typeof shopSettingsSchema>("/settings"),
  save: (input: ShopSettingsInput) => call<typeof shopSettingsSchema>("/settings", { method: "PUT", json: input }),
  testEmail: () => call<typeof testEmailResultSchema>("/settings/test-email", { json: {} }),
  goLive: () => call<typeof goLiveReportSchema>("/go-live"),
};

export const settingsKeys = { settings: ["settings"] as const, goLive: ["settings", "go-live"] as const };
