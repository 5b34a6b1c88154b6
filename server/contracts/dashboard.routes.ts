/** The dashboard operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const dashboardRoutes = {
  adminDashboard: { method: "get", path: "/admin/dashboard" },
} as const;
