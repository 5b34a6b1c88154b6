import { listAuditLog } from "#domain/audit/audit-log.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { auditContract } from "#server/contracts/audit.ts";

export const adminAuditLogEndpoint = defineEndpoint({
  ...auditContract.adminAuditLog,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return listAuditLog(c.get("services").db, query);
  },
});

export const auditEndpoints = [adminAuditLogEndpoint];
