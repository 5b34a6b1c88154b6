import type { Context } from "hono";
import { z } from "zod";
import { cepLookupSchema, checkoutShippingQuoteSchema, placedOrderSchema } from "#domain/checkout/checkout-api-schemas.ts";
import { cepLookupInput, placeOrderSchema, shippingQuoteSchema } from "#domain/checkout/checkout-schemas.ts";
import { orderDetailSchema, orderListSchema } from "#domain/orders/order-schemas.ts";
import { quoteCartShipping } from "#domain/checkout/checkout-cart.server.ts";
import { placeOrder } from "#domain/checkout/place-order.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { PIX_RENEWAL_HOURS } from "#domain/orders/order-status.ts";
import { renewPix } from "#domain/orders/renew-pix.server.ts";
import { getOrder, listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { requestWithdrawal, UNOPENED_MESSAGE } from "#domain/orders/withdrawal.server.ts";
import { chargeOrderNow } from "#domain/reconciliation/order-charge.server.ts";
import { lookupCep } from "#domain/shipping/cep-lookup.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { uuidParam } from "#server/http/params.ts";

/** Checkout and the customer's orders (issue 6, decision 005). */

const orderNotFound = () => new ApiError(404, "not_found", "Pedido não encontrado.");
/** An order's id in the path; a malformed one is a missing order. */
const orderParams = z.object({ id: uuidParam(orderNotFound) });

/** The order with items and history; only the owner's when `ownerId` is given (else 404, like a missing one). */
async function orderOr404(c: Context<AppEnv>, id: string, ownerId?: string) {
  const order = await getOrder(c.get("services").db, id, ownerId);
  if (!order) throw orderNotFound();
  return order;
}

/**
 * The CEP travels in a POST body, never in the URL: a CEP is personal data (with a house number it
 * names a home), and URLs end up in access logs, proxies and browser history (issue 16 item 7).
 */
export const cepLookupEndpoint = defineEndpoint({
  method: "post",
  path: "/checkout/cep-lookup",
  operationId: "lookupCep",
  summary: "Endereço de um CEP (consulta externa com tempo curto; sem resposta, o cliente digita o endereço)",
  tag: "checkout",
  guard: USER_ONLY,
  body: cepLookupInput,
  response: cepLookupSchema,
  async handler({ body, c }) {
    const { config } = c.get("services");
    return lookupCep(body.cep, { baseUrl: config.CEP_LOOKUP_URL, timeoutMs: config.CEP_LOOKUP_TIMEOUT_MS });
  },
});

/** Where the lookup lived until the CEP left the URL; pages still open from before get 410, not a lookup. */
export const RETIRED_CEP_LOOKUP_PATH = "/checkout/cep/*";

export const shippingQuoteEndpoint = defineEndpoint({
  method: "post",
  path: "/checkout/shipping-quote",
  operationId: "quoteCheckoutShipping",
  summary: "Opções de envio (PAC, SEDEX) para o carrinho da conta conectada e um CEP",
  tag: "checkout",
  guard: USER_ONLY,
  body: shippingQuoteSchema,
  response: checkoutShippingQuoteSchema,
  async handler({ body, c, user }) {
    return quoteCartShipping(c.get("services").db, user.id, body.cep);
  },
});

export const placeOrderEndpoint = defineEndpoint({
  method: "post",
  path: "/checkout/orders",
  operationId: "placeOrder",
  summary: "Fecha o pedido do carrinho (idempotente pela chave; preços recalculados no servidor; Pix)",
  tag: "checkout",
  guard: USER_ONLY,
  body: placeOrderSchema,
  response: placedOrderSchema,
  status: 201,
  async handler({ body, c, user }) {
    const placed = await placeOrder(c.get("services"), user, body);
    // After the commit, no lock held: a provider's Pix (a no-op for the static one, or when it exists).
    // If it fails, the order's page says so and the queued job keeps trying (decision 045).
    await chargeOrderNow(c.get("services"), placed.orderId);
    if (placed.replayed) c.status(200);
    return placed;
  },
});

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

/* The admin's order endpoints live in server/api/admin-orders.ts (issue 17). */

export const orderEndpoints = [
  cepLookupEndpoint,
  shippingQuoteEndpoint,
  placeOrderEndpoint,
  listMyOrdersEndpoint,
  getMyOrderEndpoint,
  requestWithdrawalEndpoint,
];
