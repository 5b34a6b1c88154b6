import { auditPageSchema, auditQuerySchema } from "#domain/audit/audit-schemas.ts";
import { listAuditLog } from "#domain/audit/audit-log.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";

export const adminAuditLogEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/audit-log",
  operationId: "adminAuditLog",
  summary:
    "Registro de auditoria: cada mudança feita por um administrador (quem, quando, o quê, antes e depois), do mais novo ao mais antigo",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: auditQuerySchema,
  response: auditPageSchema,
  async handler({ query, c }) {
    return listAuditLog(c.get("services").db, query);
  },
});

export const auditEndpoints = [adminAuditLogEndpoint];
