import { z } from "zod";
import { customerDetailSchema, customerPageSchema, customerQuerySchema } from "#domain/customers/customer-schemas.ts";
import { getCustomer, searchCustomers } from "#domain/customers/customers.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { pathParam } from "#server/http/params.ts";

/** The owner's customers (issue 17 item 3, decision 019). Admins only. */

export const adminCustomersEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/customers",
  operationId: "adminListCustomers",
  summary: "Clientes: busca por nome, e-mail, CPF ou telefone, em páginas, com pedidos e total gasto",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: customerQuerySchema,
  response: customerPageSchema,
  async handler({ query, c }) {
    return searchCustomers(c.get("services").db, query);
  },
});

const customerNotFound = () => new ApiError(404, "not_found", "Cliente não encontrado.");
/** An account id (better-auth's random string); anything else names no customer. */
const customerParams = z.object({
  id: pathParam(
    z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/),
    () => customerNotFound(),
  ),
});

export const adminCustomerEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/customers/:id",
  operationId: "adminGetCustomer",
  summary: "Um cliente: contatos, pedidos, total gasto, consentimentos (LGPD) e indicação",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: customerParams,
  response: customerDetailSchema,
  async handler({ params, c }) {
    const customer = await getCustomer(c.get("services").db, params.id);
    if (!customer) throw customerNotFound();
    return customer;
  },
});

export const customerEndpoints = [adminCustomersEndpoint, adminCustomerEndpoint];
