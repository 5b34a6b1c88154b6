/** The owner's first screen's methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const ownerTodayRoutes = {
  ownerToday: { method: "get", path: "/admin/today" },
} as const;
