/** The pricing operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const pricingRoutes = {
  calculatePrice: { method: "post", path: "/functions/calculate-price" },
} as const;
