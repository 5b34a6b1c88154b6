/** The reviews operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const reviewsRoutes = {
  listOrderReviews: { method: "get", path: "/orders/:id/reviews" },
  submitReview: { method: "post", path: "/orders/:id/reviews" },
  adminListReviews: { method: "get", path: "/admin/reviews" },
  adminModerateReview: { method: "post", path: "/admin/reviews/:id/status" },
} as const;
