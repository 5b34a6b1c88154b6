import { listOrderReviews, submitReview } from "#domain/reviews/reviews.server.ts";
import { listReviewsForAdmin, moderateReview } from "#domain/reviews/review-moderation.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { reviewsContract } from "#server/contracts/reviews.ts";

/** Customer reviews (issue 19 item 2, decision 029): the buyer rates delivered items; the admin moderates. */

export const listOrderReviewsEndpoint = defineEndpoint({
  ...reviewsContract.listOrderReviews,
  guard: USER_ONLY,
  async handler({ params, c, user }) {
    return listOrderReviews(c.get("services").db, params.id, user.id);
  },
});

export const submitReviewEndpoint = defineEndpoint({
  ...reviewsContract.submitReview,
  guard: USER_ONLY,
  async handler({ params, body, c, user }) {
    return submitReview(c.get("services").db, { orderId: params.id, userId: user.id, review: body });
  },
});

export const adminListReviewsEndpoint = defineEndpoint({
  ...reviewsContract.adminListReviews,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return listReviewsForAdmin(c.get("services").db, query);
  },
});

export const adminModerateReviewEndpoint = defineEndpoint({
  ...reviewsContract.adminModerateReview,
  guard: ADMIN_ONLY,
  async handler({ params, body, c, user }) {
    return moderateReview(c.get("services").db, { reviewId: params.id, status: body.status, adminId: user.id });
  },
});

export const reviewEndpoints = [listOrderReviewsEndpoint, submitReviewEndpoint, adminListReviewsEndpoint, adminModerateReviewEndpoint];
