/** The maintenance operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const maintenanceRoutes = {
  health: { method: "get", path: "/admin/health" },
  getMaintenance: { method: "get", path: "/admin/maintenance" },
  setMaintenance: { method: "put", path: "/admin/maintenance" },
  listErrors: { method: "get", path: "/admin/errors" },
  clearErrors: { method: "post", path: "/admin/errors/clear" },
  addAdmin: { method: "post", path: "/admin/admins" },
  removeAdmin: { method: "delete", path: "/admin/admins/:email" },
  previewCleanups: { method: "get", path: "/admin/cleanups" },
  runCleanup: { method: "post", path: "/admin/cleanups/:kind" },
} as const;
