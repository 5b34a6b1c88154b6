/** The orders operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const ordersRoutes = {
  listMyOrders: { method: "get", path: "/orders" },
  getMyOrder: { method: "get", path: "/orders/:id" },
  requestWithdrawal: { method: "post", path: "/orders/:id/withdrawal" },
  renewPix: { method: "post", path: "/orders/:id/pix" },
} as const;
