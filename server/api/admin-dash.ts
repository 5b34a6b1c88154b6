import { customerNotFound } from "#domain/customers/customer-errors.ts";
import { getCustomer, searchCustomers } from "#domain/customers/customers.server.ts";
import { getDashboard } from "#domain/dashboard/dashboard.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { adminDashContract } from "#server/contracts/admin-dash.ts";

/** The owner's dashboard and customers (issue 17 items 1 and 3, decision 019). Admins only. */

export const adminDashboardEndpoint = defineEndpoint({
  ...adminDashContract.adminDashboard,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    const { db, config } = c.get("services");
    return getDashboard(db, new Date(), config.ABANDONED_CART_HOURS);
  },
});

export const adminCustomersEndpoint = defineEndpoint({
  ...adminDashContract.adminCustomers,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return searchCustomers(c.get("services").db, query);
  },
});

export const adminCustomerEndpoint = defineEndpoint({
  ...adminDashContract.adminCustomer,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    const customer = await getCustomer(c.get("services").db, params.id);
    if (!customer) throw customerNotFound();
    return customer;
  },
});

export const adminDashEndpoints = [adminDashboardEndpoint, adminCustomersEndpoint, adminCustomerEndpoint];
