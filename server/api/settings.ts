import { forgetGoLive, readGoLive } from "#domain/settings/go-live.server.ts";
import { currentShopSettings, saveShopSettings, settingsView } from "#domain/settings/shop-settings.server.ts";
import { sendSettingsTestEmail } from "#domain/settings/test-email.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { settingsContract } from "#server/contracts/settings.ts";
import { removeShopLogo, uploadShopLogo } from "#domain/settings/shop-logo.server.ts";
import { readCardInstallments, saveCardInstallments } from "#domain/settings/card-installments.server.ts";
import { cardsEnabled } from "#domain/payments/card-settings.ts";
import { fileStorageFor } from "#platform/storage/file-storage.ts";
import { readUploadedImage } from "#server/http/uploads.ts";
import { PRODUCT_IMAGE_UPLOAD } from "#server/api/catalog-images.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { readFulfilmentSetup } from "#domain/settings/fulfilment-setup.server.ts";
import type { AppServices } from "#platform/services.ts";

/** The owner's settings and the go-live check (issue 28 items 1 and 2, decisions 055 and 056). Admins only. */

export const getSettingsEndpoint = defineEndpoint({
  ...settingsContract.getSettings,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return settingsView(await currentShopSettings(c.get("services")));
  },
});

export const saveSettingsEndpoint = defineEndpoint({
  ...settingsContract.saveSettings,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    const services = c.get("services");
    const saved = await saveShopSettings(services, user.id, body);
    forgetGoLive(services.db);
    return settingsView(saved);
  },
});

export const testEmailEndpoint = defineEndpoint({
  ...settingsContract.sendTestEmail,
  guard: ADMIN_ONLY,
  async handler({ c, user }) {
    const services = c.get("services");
    const result = await sendSettingsTestEmail(services, user.email);
    forgetGoLive(services.db);
    return result;
  },
});

export const goLiveEndpoint = defineEndpoint({
  ...settingsContract.goLive,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return readGoLive(c.get("services"));
  },
});

/** The logo: any picture the product photos accept (type by its bytes, 10 MB). */
export const uploadLogoEndpoint = defineEndpoint({
  ...settingsContract.uploadLogo,
  guard: ADMIN_ONLY,
  upload: PRODUCT_IMAGE_UPLOAD,
  async handler({ c, user }) {
    const { bytes } = await readUploadedImage(c, PRODUCT_IMAGE_UPLOAD);
    const services = c.get("services");
    return settingsView(await uploadShopLogo(services, fileStorageFor(services.config), { bytes, actorUserId: user.id }));
  },
});

export const removeLogoEndpoint = defineEndpoint({
  ...settingsContract.removeLogo,
  guard: ADMIN_ONLY,
  async handler({ c, user }) {
    return settingsView(await removeShopLogo(c.get("services"), user.id));
  },
});

/** The owner's installments rule for cards (issue 32 item 1); editable with cards off too, ready for when they go on. */
export const getCardInstallmentsEndpoint = defineEndpoint({
  ...settingsContract.getCardInstallments,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    const services = c.get("services");
    return { ...(await readCardInstallments(services)), cardsOn: cardsEnabled(services.config) };
  },
});

export const saveCardInstallmentsEndpoint = defineEndpoint({
  ...settingsContract.saveCardInstallments,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    const services = c.get("services");
    return { ...(await saveCardInstallments(services, user.id, body)), cardsOn: cardsEnabled(services.config) };
  },
});

/** The profile and "Pronta para enviar?". */
const fulfilmentSetup = (services: AppServices) => readFulfilmentSetup(services);

export const getFulfilmentEndpoint = defineEndpoint({
  ...settingsContract.getFulfilment,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return fulfilmentSetup(c.get("services"));
  },
});

export const saveFulfilmentEndpoint = defineEndpoint({
  ...settingsContract.saveFulfilment,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    const services = c.get("services");
    await saveFulfilmentProfile(services, user.id, body);
    return fulfilmentSetup(services);
  },
});

export const settingsEndpoints = [
  getCardInstallmentsEndpoint,
  saveCardInstallmentsEndpoint,
  getSettingsEndpoint,
  saveSettingsEndpoint,
  testEmailEndpoint,
  goLiveEndpoint,
  uploadLogoEndpoint,
  removeLogoEndpoint,
  getFulfilmentEndpoint,
  saveFulfilmentEndpoint,
];
