/** The coupons operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const couponsRoutes = {
  adminListCoupons: { method: "get", path: "/admin/coupons" },
  adminCreateCoupon: { method: "post", path: "/admin/coupons" },
  adminUpdateCoupon: { method: "patch", path: "/admin/coupons/:id" },
  couponPreview: { method: "post", path: "/checkout/coupon-preview" },
} as const;
