import { getDashboard } from "#domain/dashboard/dashboard.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { dashboardContract } from "#server/contracts/dashboard.ts";

/** The owner's dashboard (issue 17 item 1, decision 019); its customers list is server/api/customers.ts. Admins only. */

export const adminDashboardEndpoint = defineEndpoint({
  ...dashboardContract.adminDashboard,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    const { db, config } = c.get("services");
    return getDashboard(db, new Date(), config.ABANDONED_CART_HOURS);
  },
});

export const dashboardEndpoints = [adminDashboardEndpoint];
