/** The delivery operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const deliveryRoutes = {
  orderDeliveries: { method: "get", path: "/orders/:id/deliveries" },
  renewDownloadLink: { method: "post", path: "/orders/:id/deliveries/:productId/link" },
} as const;
