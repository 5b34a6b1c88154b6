import { createCoupon, listCoupons, setCouponActive } from "#domain/coupons/coupons.server.ts";
import { previewCheckoutDiscounts } from "#domain/checkout/checkout-discounts.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { couponsContract } from "#server/contracts/coupons.ts";

/* Coupons (issue 19 item 3, decision 028): the admin's list, creation and switch; the checkout's preview. */

export const adminListCouponsEndpoint = defineEndpoint({
  ...couponsContract.adminListCoupons,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return { coupons: await listCoupons(c.get("services").db) };
  },
});

export const adminCreateCouponEndpoint = defineEndpoint({
  ...couponsContract.adminCreateCoupon,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    return createCoupon(c.get("services").db, body, user.id);
  },
});

export const adminUpdateCouponEndpoint = defineEndpoint({
  ...couponsContract.adminUpdateCoupon,
  guard: ADMIN_ONLY,
  async handler({ params, body, c, user }) {
    return setCouponActive(c.get("services").db, params.id, body.active, user.id);
  },
});

export const couponPreviewEndpoint = defineEndpoint({
  ...couponsContract.couponPreview,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    return previewCheckoutDiscounts(c.get("services"), user.id, body);
  },
});

export const couponEndpoints = [adminListCouponsEndpoint, adminCreateCouponEndpoint, adminUpdateCouponEndpoint, couponPreviewEndpoint];
