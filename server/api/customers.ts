import { customerNotFound } from "#domain/customers/customer-errors.ts";
import { getCustomer, searchCustomers } from "#domain/customers/customers.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { customersContract } from "#server/contracts/customers.ts";

/** The owner's customers (issue 17 item 3, decision 019). Admins only. */

export const adminCustomersEndpoint = defineEndpoint({
  ...customersContract.adminCustomers,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return searchCustomers(c.get("services").db, query);
  },
});

export const adminCustomerEndpoint = defineEndpoint({
  ...customersContract.adminCustomer,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    const customer = await getCustomer(c.get("services").db, params.id);
    if (!customer) throw customerNotFound();
    return customer;
  },
});

export const customerEndpoints = [adminCustomersEndpoint, adminCustomerEndpoint];
