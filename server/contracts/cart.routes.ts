/** The cart operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const cartRoutes = {
  get: { method: "get", path: "/cart" },
  count: { method: "get", path: "/cart/count" },
  addItem: { method: "post", path: "/cart/items" },
  updateItem: { method: "patch", path: "/cart/items/:id" },
  removeItem: { method: "delete", path: "/cart/items/:id" },
  quoteShipping: { method: "get", path: "/shipping/quote" },
  chooseShipping: { method: "put", path: "/cart/shipping" },
  status: { method: "get", path: "/cart/status" },
  migrate: { method: "post", path: "/cart/migrate" },
} as const;
