import { couponNotFound } from "#domain/coupons/coupon-errors.ts";
import { z } from "zod";
import {
  couponListSchema,
  couponPatchSchema,
  couponPreviewSchema,
  couponViewSchema,
  newCouponSchema,
} from "#domain/coupons/coupon-schemas.ts";
import { couponPreviewInput } from "#domain/checkout/checkout-schemas.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { couponsRoutes } from "#server/contracts/coupons.routes.ts";

export const couponsContract = defineContract(couponsRoutes, {
  adminListCoupons: {
    operationId: "adminListCoupons",
    summary: "Os cupons, mais recentes primeiro, com os usos de pedidos em aberto ou pagos",
    tag: "admin",
    response: couponListSchema,
  },
  adminCreateCoupon: {
    operationId: "adminCreateCoupon",
    summary:
      "Cria um cupom: porcentagem ou valor fixo nos produtos, ou frete grátis; mínimo em produtos, validade, usos no total e por cliente, só 1ª compra. Código repetido responde 409",
    tag: "admin",
    body: newCouponSchema,
    response: couponViewSchema,
    status: 201,
  },
  adminUpdateCoupon: {
    operationId: "adminUpdateCoupon",
    summary: "Desativa (ou reativa) um cupom; pedidos que já o usaram ficam como estão",
    tag: "admin",
    params: z.object({ id: uuidParam(couponNotFound) }),
    body: couponPatchSchema,
    response: couponViewSchema,
  },
  couponPreview: {
    operationId: "previewCoupon",
    summary:
      "Confere um cupom para o carrinho da conta conectada (ou diz por que não vale) e informa o crédito disponível; nada é reservado até o pedido",
    tag: "checkout",
    body: couponPreviewInput,
    response: couponPreviewSchema,
  },
});
