/** The customers operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const customersRoutes = {
  adminCustomers: { method: "get", path: "/admin/customers" },
  adminCustomer: { method: "get", path: "/admin/customers/:id" },
} as const;
