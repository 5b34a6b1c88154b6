import { expect } from "vitest";
import type { AuditEntryView } from "#domain/audit/audit-schemas.ts";
import type { AuthTestContext, Browser } from "#test/auth-helpers.ts";

/** The audit log's entries about one entity, newest first, as an admin reads them through the API. */
export async function auditEntries(ctx: AuthTestContext, admin: Browser, entityType: string, entityId: string): Promise<AuditEntryView[]> {
  const query = new URLSearchParams({ entityType, entityId });
  const response = await ctx.request(`/api/admin/audit-log?${query}`, { browser: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: AuditEntryView[] }).entries;
}
