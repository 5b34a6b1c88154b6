import { z } from "zod";
import { customerNotFound } from "#domain/customers/customer-errors.ts";
import { defineContract, pathParam } from "#server/contracts/define-contract.ts";
import { customerDetailSchema, customerPageSchema, customerQuerySchema } from "#domain/customers/customer-schemas.ts";
import { customersRoutes } from "#server/contracts/customers.routes.ts";

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

export const customersContract = defineContract(customersRoutes, {
  adminCustomers: {
    operationId: "adminListCustomers",
    summary: "Clientes: busca por nome, e-mail, CPF ou telefone, em páginas, com pedidos e total gasto",
    tag: "admin",
    query: customerQuerySchema,
    response: customerPageSchema,
  },
  adminCustomer: {
    operationId: "adminGetCustomer",
    summary: "Um cliente: contatos, pedidos, total gasto, consentimentos (LGPD) e indicação",
    tag: "admin",
    params: customerParams,
    response: customerDetailSchema,
  },
});
