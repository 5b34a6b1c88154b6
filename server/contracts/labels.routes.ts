/** The labels operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const labelsRoutes = {
  labelWallet: { method: "get", path: "/admin/labels/wallet" },
  orderLabel: { method: "get", path: "/admin/orders/:id/label" },
  buyLabel: { method: "post", path: "/admin/orders/:id/label" },
  cancelLabel: { method: "post", path: "/admin/orders/:id/label/cancel" },
  buyLabels: { method: "post", path: "/admin/labels" },
  printLabels: { method: "get", path: "/admin/labels/print" },
  melhorEnvioWebhook: { method: "post", path: "/shipping/melhorenvio/webhook" },
} as const;
