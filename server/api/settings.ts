import { forgetGoLive, readGoLive } from "#domain/settings/go-live.server.ts";
import { currentShopSettings, saveShopSettings, settingsView } from "#domain/settings/shop-settings.server.ts";
import { sendSettingsTestEmail } from "#domain/settings/test-email.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { settingsContract } from "#server/contracts/settings.ts";

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

export const settingsEndpoints = [getSettingsEndpoint, saveSettingsEndpoint, testEmailEndpoint, goLiveEndpoint];
