import { dashboardSchema } from "#domain/dashboard/dashboard-schemas.ts";
import { getDashboard } from "#domain/dashboard/dashboard.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";

/** The owner's dashboard (issue 17 item 1, decision 019); its customers list is server/api/customers.ts. Admins only. */

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

export const dashboardEndpoints = [adminDashboardEndpoint];
