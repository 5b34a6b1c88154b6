/** The invoices operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const invoicesRoutes = {
  // Focus NFe's hook ("gatilho"), authenticated by the secret in X-Focus-Token.
  focusWebhook: { method: "post", path: "/invoices/focusnfe/webhook" },
  // The owner's screens: an order's notes, the notes to fix, "Emitir de novo", a product's tax data.
  adminOrderInvoices: { method: "get", path: "/admin/orders/:id/invoices" },
  adminInvoicesToFix: { method: "get", path: "/admin/invoices/to-fix" },
  adminResendInvoice: { method: "post", path: "/admin/invoices/:id/resend" },
  adminProductTax: { method: "get", path: "/admin/products/:id/tax" },
  adminSaveProductTax: { method: "put", path: "/admin/products/:id/tax" },
  // The customer's DANFE/DANFSe links of one of their orders.
  myOrderInvoices: { method: "get", path: "/orders/:id/invoices" },
} as const;
