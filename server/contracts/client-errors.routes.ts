/** The client-errors operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const clientErrorsRoutes = {
  clientError: { method: "post", path: "/client-errors" },
} as const;
