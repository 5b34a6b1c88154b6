import { addAdminEmail, removeAdminEmail } from "#domain/auth/admin-list.server.ts";
import { previewCleanups, runCleanup } from "#domain/maintenance/cleanups.server.ts";
import { clearErrors, listErrors } from "#domain/maintenance/error-log.server.ts";
import { readHealth } from "#domain/maintenance/health.server.ts";
import { currentMaintenance, setMaintenance } from "#domain/maintenance/maintenance-mode.server.ts";
import { buildInfo } from "#server/build-info.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { maintenanceContract } from "#server/contracts/maintenance.ts";

/** The maintenance panel (issue 18, decisions 024 and 025). Admins only. */

export const healthEndpoint = defineEndpoint({
  ...maintenanceContract.health,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return readHealth(c.get("services"), buildInfo());
  },
});

export const getMaintenanceEndpoint = defineEndpoint({
  ...maintenanceContract.getMaintenance,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return currentMaintenance(c.get("services").db);
  },
});

export const setMaintenanceEndpoint = defineEndpoint({
  ...maintenanceContract.setMaintenance,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    return setMaintenance(c.get("services").db, user.id, body);
  },
});

export const listErrorsEndpoint = defineEndpoint({
  ...maintenanceContract.listErrors,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return listErrors(c.get("services").db);
  },
});

export const clearErrorsEndpoint = defineEndpoint({
  ...maintenanceContract.clearErrors,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    return clearErrors(c.get("services").db, user.id, body.olderThanDays);
  },
});

export const addAdminEndpoint = defineEndpoint({
  ...maintenanceContract.addAdmin,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    return { admins: await addAdminEmail(c.get("services"), user, body.email) };
  },
});

export const removeAdminEndpoint = defineEndpoint({
  ...maintenanceContract.removeAdmin,
  guard: ADMIN_ONLY,
  async handler({ params, c, user }) {
    return { admins: await removeAdminEmail(c.get("services"), user, params.email) };
  },
});

export const previewCleanupsEndpoint = defineEndpoint({
  ...maintenanceContract.previewCleanups,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return previewCleanups(c.get("services").db, query);
  },
});

export const runCleanupEndpoint = defineEndpoint({
  ...maintenanceContract.runCleanup,
  guard: ADMIN_ONLY,
  async handler({ params, body, c, user }) {
    return { kind: params.kind, removed: await runCleanup(c.get("services"), user.id, params.kind, body.days) };
  },
});

export const maintenanceEndpoints = [
  healthEndpoint,
  getMaintenanceEndpoint,
  setMaintenanceEndpoint,
  listErrorsEndpoint,
  clearErrorsEndpoint,
  addAdminEndpoint,
  removeAdminEndpoint,
  previewCleanupsEndpoint,
  runCleanupEndpoint,
];
