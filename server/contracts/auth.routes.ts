/** The auth operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const authRoutes = {
  isAdmin: { method: "post", path: "/rpc/is_admin" },
  listAdmins: { method: "get", path: "/admin/admins" },
} as const;
