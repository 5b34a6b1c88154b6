/** The catalog-images operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const catalogImagesRoutes = {
  listProductImages: { method: "get", path: "/admin/products/:id/images" },
  uploadProductImage: { method: "post", path: "/admin/products/:id/images" },
  reorderProductImages: { method: "patch", path: "/admin/products/:id/images" },
  updateProductImage: { method: "patch", path: "/admin/products/:id/images/:imageId" },
  deleteProductImage: { method: "delete", path: "/admin/products/:id/images/:imageId" },
} as const;
