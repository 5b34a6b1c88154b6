import { apiClient } from "#app/lib/api-client.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { uploadForm } from "#app/lib/upload-form.ts";
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UPLOAD_FIELD, MAX_IMAGE_BYTES } from "#domain/catalog/product-image-rules.ts";
import type { CardInstallments } from "#domain/settings/card-installments.ts";
import type { ShopSettingsView } from "#domain/settings/settings-schemas.ts";
import type { ShopSettingsInput } from "#domain/settings/settings-schemas.ts";
import type { FulfilmentProfileInput } from "#domain/settings/fulfilment-profile.ts";
import type { settingsContract } from "#server/contracts/settings.ts";
import { settingsRoutes } from "#server/contracts/settings.routes.ts";

/** The settings' and go-live check's calls (server/contracts/settings.ts), typed by their contract. */

const settings = apiClient<typeof settingsContract>(settingsRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });

export const settingsApi = {
  settings: () => settings.call("getSettings"),
  save: (input: ShopSettingsInput) => settings.call("saveSettings", { body: input }),
  testEmail: () => settings.call("sendTestEmail", { body: {} }),
  goLive: () => settings.call("goLive"),
  /** The logo as multipart/form-data; over 10 MB is refused here, without sending it. */
  uploadLogo: (file: File) => {
    if (file.size > MAX_IMAGE_BYTES) return Promise.reject(new ApiCallError(IMAGE_TOO_LARGE_MESSAGE, 413, "image_too_large"));
    return uploadForm<ShopSettingsView>(settings.href("uploadLogo"), IMAGE_UPLOAD_FIELD, file);
  },
  removeLogo: () => settings.call("removeLogo"),
  cardInstallments: () => settings.call("getCardInstallments"),
  saveCardInstallments: (input: CardInstallments) => settings.call("saveCardInstallments", { body: input }),
  fulfilment: () => settings.call("getFulfilment"),
  saveFulfilment: (input: FulfilmentProfileInput) => settings.call("saveFulfilment", { body: input }),
};

export const settingsKeys = {
  settings: ["settings"] as const,
  goLive: ["settings", "go-live"] as const,
  cardInstallments: ["settings", "card-installments"] as const,
  fulfilment: ["settings", "fulfilment"] as const,
};
