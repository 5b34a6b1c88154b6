import { auditPageSchema, auditQuerySchema } from "#domain/audit/audit-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { auditRoutes } from "#server/contracts/audit.routes.ts";

export const auditContract = defineContract(auditRoutes, {
  adminAuditLog: {
    operationId: "adminAuditLog",
    summary:
      "Registro de auditoria: cada mudança feita por um administrador (quem, quando, o quê, antes e depois), do mais novo ao mais antigo",
    tag: "admin",
    query: auditQuerySchema,
    response: auditPageSchema,
  },
});
