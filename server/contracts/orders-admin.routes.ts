/** The orders-admin operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const ordersAdminRoutes = {
  adminListOrders: { method: "get", path: "/admin/orders" },
  adminExportOrders: { method: "get", path: "/admin/orders.csv" },
  adminGetOrder: { method: "get", path: "/admin/orders/:id" },
  adminConfirmPayment: { method: "post", path: "/admin/orders/:id/confirm-payment" },
  adminMoveStatus: { method: "post", path: "/admin/orders/:id/status" },
  adminTracking: { method: "post", path: "/admin/orders/:id/tracking" },
  adminCancel: { method: "post", path: "/admin/orders/:id/cancel" },
  adminRefund: { method: "post", path: "/admin/orders/:id/refund" },
  adminListReturns: { method: "get", path: "/admin/returns" },
  adminAcceptReturn: { method: "post", path: "/admin/returns/:id/accept" },
  adminReplyReturn: { method: "post", path: "/admin/returns/:id/reply" },
  adminRefuseReturn: { method: "post", path: "/admin/returns/:id/refuse" },
  adminListRefunds: { method: "get", path: "/admin/refunds" },
  adminRefundSent: { method: "post", path: "/admin/refunds/:id/sent" },
} as const;
