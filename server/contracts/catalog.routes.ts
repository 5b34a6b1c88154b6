/** The catalog operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const catalogRoutes = {
  adminListProducts: { method: "get", path: "/admin/products" },
  adminGetProduct: { method: "get", path: "/admin/products/:id" },
  adminUpdateProduct: { method: "patch", path: "/admin/products/:id" },
  adminCreateProduct: { method: "post", path: "/admin/products" },
  adminDuplicateProduct: { method: "post", path: "/admin/products/:id/duplicate" },
  adminGetProductFile: { method: "get", path: "/admin/products/:id/file" },
  adminUploadProductFile: { method: "post", path: "/admin/products/:id/file" },
  adminProductDownloads: { method: "get", path: "/admin/products/:id/downloads" },
} as const;
