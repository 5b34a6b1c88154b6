/** The maintenance-backup operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const maintenanceBackupRoutes = {
  adminBackup: { method: "get", path: "/admin/backup" },
  adminExportCustomers: { method: "get", path: "/admin/customers.csv" },
  adminExportProducts: { method: "get", path: "/admin/products.csv" },
} as const;
