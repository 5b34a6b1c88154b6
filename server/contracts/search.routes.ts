/** The search operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const searchRoutes = {
  search: { method: "get", path: "/search" },
} as const;
