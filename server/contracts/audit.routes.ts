/** The audit operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const auditRoutes = {
  adminAuditLog: { method: "get", path: "/admin/audit-log" },
} as const;
