import { z } from "zod";
import {
  adminReviewListSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  moderationSchema,
  myReviewSchema,
  newReviewSchema,
  orderReviewsSchema,
} from "#domain/reviews/review-schemas.ts";
import { listOrderReviews, submitReview } from "#domain/reviews/reviews.server.ts";
import { listReviewsForAdmin, moderateReview } from "#domain/reviews/review-moderation.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";

/** Customer reviews (issue 19 item 2, decision 029): the buyer rates delivered items; the admin moderates. */

const orderParams = z.object({ id: uuidParam(() => new ApiError(404, "not_found", "Pedido não encontrado.")) });
const reviewParams = z.object({ id: uuidParam(() => new ApiError(404, "review_not_found", "Avaliação não encontrada.")) });

export const listOrderReviewsEndpoint = defineEndpoint({
  method: "get",
  path: "/orders/:id/reviews",
  operationId: "listOrderReviews",
  summary: "As avaliações que a conta conectada fez dos itens de um pedido seu, e se ele já pode ser avaliado (entregue)",
  tag: "pedidos",
  guard: USER_ONLY,
  params: orderParams,
  response: orderReviewsSchema,
  async handler({ params, c, user }) {
    return listOrderReviews(c.get("services").db, params.id, user.id);
  },
});

export const submitReviewEndpoint = defineEndpoint({
  method: "post",
  path: "/orders/:id/reviews",
  operationId: "submitReview",
  summary:
    "Avalia um item de um pedido entregue da conta conectada (1 a 5 estrelas e comentário opcional), uma vez por item; fica aguardando moderação",
  tag: "pedidos",
  guard: USER_ONLY,
  params: orderParams,
  body: newReviewSchema,
  response: myReviewSchema,
  status: 201,
  async handler({ params, body, c, user }) {
    return submitReview(c.get("services").db, { orderId: params.id, userId: user.id, review: body });
  },
});

export const adminListReviewsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/reviews",
  operationId: "adminListReviews",
  summary: "Avaliações dos clientes para moderar, das mais novas às mais antigas, filtradas por estado",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: adminReviewQuerySchema,
  response: adminReviewListSchema,
  async handler({ query, c }) {
    return listReviewsForAdmin(c.get("services").db, query);
  },
});

export const adminModerateReviewEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/reviews/:id/status",
  operationId: "adminModerateReview",
  summary: "Publica (approved) ou oculta (hidden) uma avaliação; a nota do produto é recalculada e a mudança fica na auditoria",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: reviewParams,
  body: moderationSchema,
  response: adminReviewSchema,
  async handler({ params, body, c, user }) {
    return moderateReview(c.get("services").db, { reviewId: params.id, status: body.status, adminId: user.id });
  },
});

export const reviewEndpoints = [listOrderReviewsEndpoint, submitReviewEndpoint, adminListReviewsEndpoint, adminModerateReviewEndpoint];
