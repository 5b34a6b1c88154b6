import { apiClient } from "#app/lib/api-client.ts";
import type { ShopSettingsInput } from "#domain/settings/settings-schemas.ts";
import type { settingsContract } from "#server/contracts/settings.ts";
import { settingsRoutes } from "#server/contracts/settings.routes.ts";

/** The settings' and go-live check's calls (server/contracts/settings.ts), typed by their contract. */

const settings = apiClient<typeof settingsContract>(settingsRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });

export const settingsApi = {
  settings: () => settings.call("getSettings"),
  save: (input: ShopSettingsInput) => settings.call("saveSettings", { body: input }),
  testEmail: () => settings.call("sendTestEmail", { body: {} }),
  goLive: () => settings.call("goLive"),
};

export const settingsKeys = { settings: ["settings"] as const, goLive: ["settings", "go-live"] as const };
