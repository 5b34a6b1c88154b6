/** The order-fulfilment operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const orderFulfilmentRoutes = {
  orderFulfilment: { method: "get", path: "/orders/:id/fulfilment" },
  adminOrderFulfilment: { method: "get", path: "/admin/orders/:id/fulfilment" },
  adminServiceHeld: { method: "post", path: "/admin/orders/:id/services/:productId/held" },
  adminParcelDelivered: { method: "post", path: "/admin/orders/:id/parcel-delivered" },
} as const;
