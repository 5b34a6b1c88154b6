/** The account operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const accountRoutes = {
  listAddresses: { method: "get", path: "/account/addresses" },
  addAddress: { method: "post", path: "/account/addresses" },
  removeAddress: { method: "delete", path: "/account/addresses/:id" },
  exportAccount: { method: "get", path: "/account/export" },
  deleteAccount: { method: "delete", path: "/account" },
} as const;
