import { z } from "zod";
import { createCoupon, listCoupons, setCouponActive } from "#domain/coupons/coupons.server.ts";
import {
  couponListSchema,
  couponPatchSchema,
  couponPreviewInput,
  couponPreviewSchema,
  couponViewSchema,
  newCouponSchema,
} from "#domain/coupons/coupon-schemas.ts";
import { previewCheckoutDiscounts } from "#domain/checkout/checkout-discounts.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";

/* Coupons (issue 19 item 3, decision 028): the admin's list, creation and switch; the checkout's preview. */

const couponNotFound = () => new ApiError(404, "coupon_not_found", "Cupom não encontrado.");

export const adminListCouponsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/coupons",
  operationId: "adminListCoupons",
  summary: "Os cupons, mais recentes primeiro, com os usos de pedidos em aberto ou pagos",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: couponListSchema,
  async handler({ c }) {
    return { coupons: await listCoupons(c.get("services").db) };
  },
});

export const adminCreateCouponEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/coupons",
  operationId: "adminCreateCoupon",
  summary:
    "Cria um cupom: porcentagem ou valor fixo nos produtos, ou frete grátis; mínimo em produtos, validade, usos no total e por cliente, só 1ª compra. Código repetido responde 409",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: newCouponSchema,
  response: couponViewSchema,
  status: 201,
  async handler({ body, c, user }) {
    return createCoupon(c.get("services").db, body, user.id);
  },
});

export const adminUpdateCouponEndpoint = defineEndpoint({
  method: "patch",
  path: "/admin/coupons/:id",
  operationId: "adminUpdateCoupon",
  summary: "Desativa (ou reativa) um cupom; pedidos que já o usaram ficam como estão",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: z.object({ id: uuidParam(couponNotFound) }),
  body: couponPatchSchema,
  response: couponViewSchema,
  async handler({ params, body, c, user }) {
    return setCouponActive(c.get("services").db, params.id, body.active, user.id);
  },
});

export const couponPreviewEndpoint = defineEndpoint({
  method: "post",
  path: "/checkout/coupon-preview",
  operationId: "previewCoupon",
  summary:
    "Confere um cupom para o carrinho da conta conectada (ou diz por que não vale) e informa o crédito disponível; nada é reservado até o pedido",
  tag: "checkout",
  guard: USER_ONLY,
  body: couponPreviewInput,
  response: couponPreviewSchema,
  async handler({ body, c, user }) {
    return previewCheckoutDiscounts(c.get("services").db, user.id, body.couponCode);
  },
});

export const couponEndpoints = [adminListCouponsEndpoint, adminCreateCouponEndpoint, adminUpdateCouponEndpoint, couponPreviewEndpoint];
