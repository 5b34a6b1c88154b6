/** The checkout operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const checkoutRoutes = {
  placeOrder: { method: "post", path: "/checkout/orders" },
} as const;
