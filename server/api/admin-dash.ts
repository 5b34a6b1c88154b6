import { z } from "zod";
import { customerDetailSchema, customerPageSchema, customerQuerySchema } from "#domain/customers/customer-schemas.ts";
import { getCustomer, searchCustomers } from "#domain/customers/customers.server.ts";
import { dashboardSchema } from "#domain/dashboard/dashboard-schemas.ts";
import { getDashboard } from "#domain/dashboard/dashboard.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { pathParam } from "#server/http/params.ts";

/** The owner's dashboard and customers (issue 17 items 1 and 3, decision 019). Admins only. */

export const adminDashboardEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/dashboard",
  operationId: "adminDashboard",
  summary:
    "Painel: faturamento e pedidos pagos hoje, em 7 e em 30 dias (dias de São Paulo), pedidos por status, Pix aguardando, devoluções, estoque baixo e auditoria recente",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: dashboardSchema,
  async handler({ c }) {
    const { db, config } = c.get("services");
    return getDashboard(db, new Date(), config.ABANDONED_CART_HOURS);
  },
});

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

export const adminDashEndpoints = [adminDashboardEndpoint, adminCustomersEndpoint, adminCustomerEndpoint];
