import { dashboardSchema } from "#domain/dashboard/dashboard-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { dashboardRoutes } from "#server/contracts/dashboard.routes.ts";

export const dashboardContract = defineContract(dashboardRoutes, {
  adminDashboard: {
    operationId: "adminDashboard",
    summary:
      "Painel: faturamento e pedidos pagos hoje, em 7 e em 30 dias (dias de São Paulo), pedidos por status, Pix aguardando, devoluções, estoque baixo e auditoria recente",
    tag: "admin",
    response: dashboardSchema,
  },
});
