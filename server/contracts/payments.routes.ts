/** The payments operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const paymentsRoutes = {
  mercadoPagoWebhook: { method: "post", path: "/payments/mercadopago/webhook" },
  pixWebhook: { method: "post", path: "/payments/pix/webhook" },
  // The BCB standard's callback path: PSPs append /pix to the registered URL.
  pixWebhookWithSuffix: { method: "post", path: "/payments/pix/webhook/pix" },
  adminOrderPayments: { method: "get", path: "/admin/orders/:id/payments" },
  // The customer pays their order with the Card Payment Brick's token (issue 32).
  payOrderByCard: { method: "post", path: "/orders/:id/card-payment" },
} as const;
