import type { Context } from "hono";
import { z } from "zod";
import { orderDetailSchema, orderListSchema } from "#domain/orders/order-schemas.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { PIX_RENEWAL_HOURS } from "#domain/orders/order-status.ts";
import { renewPix } from "#domain/orders/renew-pix.server.ts";
import { getOrder, listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { requestWithdrawal, UNOPENED_MESSAGE } from "#domain/orders/withdrawal.server.ts";
import { chargeOrderNow } from "#domain/reconciliation/order-charge.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";

/** The customer's orders (issue 6, decision 005); placing one is server/api/checkout.ts. */

const orderNotFound = () => new ApiError(404, "not_found", "Pedido não encontrado.");
/** An order's id in the path; a malformed one is a missing order. */
const orderParams = z.object({ id: uuidParam(orderNotFound) });

/** The order with items and history; only the owner's when `ownerId` is given (else 404, like a missing one). */
async function orderOr404(c: Context<AppEnv>, id: string, ownerId?: string) {
  const order = await getOrder(c.get("services").db, id, ownerId);
  if (!order) throw orderNotFound();
  return order;
}

export const listMyOrdersEndpoint = defineEndpoint({
  method: "get",
  path: "/orders",
  operationId: "listMyOrders",
  summary: "Pedidos da conta conectada, mais recentes primeiro",
  tag: "pedidos",
  guard: USER_ONLY,
  response: orderListSchema,
  async handler({ c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id }); // an overdue Pix reads as cancelled (decision 005)
    return { orders: await listCustomerOrders(c.get("services").db, user.id) };
  },
});

export const getMyOrderEndpoint = defineEndpoint({
  method: "get",
  path: "/orders/:id",
  operationId: "getMyOrder",
  summary: "Um pedido da conta conectada (o de outra conta responde 404)",
  tag: "pedidos",
  guard: USER_ONLY,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ params, c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id });
    return orderOr404(c, params.id, user.id);
  },
});

export const requestWithdrawalEndpoint = defineEndpoint({
  method: "post",
  path: "/orders/:id/withdrawal",
  operationId: "requestWithdrawal",
  summary:
    "Desiste da compra (CDC art. 49), do pagamento até 7 dias após a entrega: antes do envio cancela e registra o reembolso (frete incluído); depois, pede a devolução. Pedir de novo responde o mesmo pedido",
  tag: "pedidos",
  guard: USER_ONLY,
  body: z.object({
    // Asked only when products come back (shipped or delivered); before shipping there is nothing to open.
    unopened: z.literal(true, UNOPENED_MESSAGE).optional(),
    reason: z.string("Motivo inválido.").trim().max(500, "Máximo de 500 caracteres.").optional(),
  }),
  params: orderParams,
  response: orderDetailSchema,
  status: 201,
  async handler({ body, params, c, user }) {
    // Asking again answers the same 201 with the first request, as a replayed checkout does (decision 005).
    await requestWithdrawal(c.get("services"), params.id, user.id, { reason: body.reason || null, unopened: body.unopened === true });
    return orderOr404(c, params.id, user.id);
  },
});

export const renewPixEndpoint = defineEndpoint({
  method: "post",
  path: "/orders/:id/pix",
  operationId: "renewPix",
  summary: `Gera um novo Pix para um pedido cancelado porque o Pix venceu (até ${PIX_RENEWAL_HOURS} h depois; reserva o estoque de novo). Pedir de novo responde o mesmo Pix`,
  tag: "pedidos",
  guard: USER_ONLY,
  params: orderParams,
  response: orderDetailSchema,
  async handler({ params, c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id });
    await renewPix(c.get("services"), params.id, user.id);
    await chargeOrderNow(c.get("services"), params.id);
    return orderOr404(c, params.id, user.id);
  },
});

/* The admin's order endpoints live in server/api/orders-admin.ts (issue 17). */

export const orderEndpoints = [listMyOrdersEndpoint, getMyOrderEndpoint, requestWithdrawalEndpoint];
