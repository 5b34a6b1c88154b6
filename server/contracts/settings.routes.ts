/** The settings' and go-live check's methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const settingsRoutes = {
  getSettings: { method: "get", path: "/admin/settings" },
  saveSettings: { method: "put", path: "/admin/settings" },
  sendTestEmail: { method: "post", path: "/admin/settings/test-email" },
  goLive: { method: "get", path: "/admin/go-live" },
  uploadLogo: { method: "post", path: "/admin/settings/logo" },
  removeLogo: { method: "delete", path: "/admin/settings/logo" },
  getCardInstallments: { method: "get", path: "/admin/settings/card-installments" },
  saveCardInstallments: { method: "put", path: "/admin/settings/card-installments" },
  getFulfilment: { method: "get", path: "/admin/settings/fulfilment" },
  saveFulfilment: { method: "put", path: "/admin/settings/fulfilment" },
} as const;
