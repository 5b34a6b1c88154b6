import { z } from "zod";
import { reviewNotFound } from "#domain/reviews/review-errors.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { orderParams } from "#server/contracts/orders.ts";
import {
  adminReviewListSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  moderationSchema,
  myReviewSchema,
  newReviewSchema,
  orderReviewsSchema,
} from "#domain/reviews/review-schemas.ts";
import { reviewsRoutes } from "#server/contracts/reviews.routes.ts";

const reviewParams = z.object({ id: uuidParam(reviewNotFound) });

export const reviewsContract = defineContract(reviewsRoutes, {
  listOrderReviews: {
    operationId: "listOrderReviews",
    summary: "As avaliações que a conta conectada fez dos itens de um pedido seu, e se ele já pode ser avaliado (entregue)",
    tag: "pedidos",
    params: orderParams,
    response: orderReviewsSchema,
  },
  submitReview: {
    operationId: "submitReview",
    summary:
      "Avalia um item de um pedido entregue da conta conectada (1 a 5 estrelas e comentário opcional), uma vez por item; fica aguardando moderação",
    tag: "pedidos",
    params: orderParams,
    body: newReviewSchema,
    response: myReviewSchema,
    status: 201,
  },
  adminListReviews: {
    operationId: "adminListReviews",
    summary: "Avaliações dos clientes para moderar, das mais novas às mais antigas, filtradas por estado",
    tag: "admin",
    query: adminReviewQuerySchema,
    response: adminReviewListSchema,
  },
  adminModerateReview: {
    operationId: "adminModerateReview",
    summary: "Publica (approved) ou oculta (hidden) uma avaliação; a nota do produto é recalculada e a mudança fica na auditoria",
    tag: "admin",
    params: reviewParams,
    body: moderationSchema,
    response: adminReviewSchema,
  },
});
