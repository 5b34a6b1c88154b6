import { ownerTodaySchema } from "#domain/orders/owner-today-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { ownerTodayRoutes } from "#server/contracts/owner-today.routes.ts";

/** The owner's first screen on a phone (issue 31 item 5, decision 072). Admins only. */
export const ownerTodayContract = defineContract(ownerTodayRoutes, {
  ownerToday: {
    operationId: "adminOwnerToday",
    summary: "O que a dona precisa fazer agora: pedidos a embalar, etiquetas a fazer, Pix aguardando e devoluções abertas",
    tag: "admin",
    response: ownerTodaySchema,
  },
});
