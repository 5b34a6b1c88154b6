import { adminListSchema, isAdminAnswerSchema, isAdminInput } from "#domain/auth/auth-api-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { authRoutes } from "#server/contracts/auth.routes.ts";

export const authContract = defineContract(authRoutes, {
  isAdmin: {
    operationId: "isAdmin",
    summary: "Diz se a conta conectada, identificada pelo seu e-mail, é administradora",
    tag: "contas",
    body: isAdminInput,
    response: isAdminAnswerSchema,
  },
  listAdmins: {
    operationId: "listAdmins",
    summary: "Lista os e-mails de administradores e de onde vêm",
    tag: "admin",
    response: adminListSchema,
  },
});
