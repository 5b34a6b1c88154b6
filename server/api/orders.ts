import type { Context } from "hono";
import { z } from "zod";
import { cepSchema, placeOrderSchema, shippingQuoteSchema } from "#domain/checkout/checkout-schemas.ts";
import { ORDER_STATUSES } from "#domain/orders/order-status.ts";
import { quoteCartShipping } from "#domain/checkout/checkout-cart.server.ts";
import { placeOrder } from "#domain/checkout/place-order.server.ts";
import { expirePendingOrders } from "#domain/orders/order-jobs.server.ts";
import { getOrder, listAdminOrders, listCustomerOrders } from "#domain/orders/order-queries.server.ts";
import { addTracking, cancelOrder, confirmPayment, moveOrderStatus } from "#domain/orders/order-transitions.server.ts";
import { requestWithdrawal } from "#domain/orders/withdrawal.server.ts";
import { lookupCep } from "#domain/shipping/cep-lookup.server.ts";
import { ADMIN_ONLY, USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";

/** Checkout, the customer's orders and the admin's order actions (issue 6, decision 005). */

const orderStatusSchema = z.enum(ORDER_STATUSES, "Status de pedido desconhecido.");

const summarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  totalCents: z.number().int(),
  createdAt: z.string(),
  itemCount: z.number().int(),
  customerEmail: z.string().optional(),
  customerName: z.string().optional(),
});

const detailSchema = summarySchema.extend({
  subtotalCents: z.number().int(),
  packagingCents: z.number().int(),
  shippingCents: z.number().int(),
  discountCents: z.number().int(),
  shippingMethod: z.string().nullable(),
  shippingDays: z.number().int().nullable(),
  shippingAddress: z.record(z.string(), z.unknown()).nullable(),
  trackingCode: z.string().nullable(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  withdrawalRequestedAt: z.string().nullable(),
  withdrawalDeadline: z.string().nullable(),
  withdrawalOpen: z.boolean(),
  cancelReason: z.string().nullable(),
  pix: z.object({ code: z.string(), txid: z.string(), expiresAt: z.string() }).nullable(),
  items: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      productSlug: z.string(),
      unitType: z.enum(["gram", "unit"]),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      totalPriceCents: z.number().int(),
      packagingFeeCents: z.number().int(),
      finalTotalCents: z.number().int(),
      needsShipping: z.boolean(),
    }),
  ),
  history: z.array(z.object({ fromStatus: orderStatusSchema.nullable(), toStatus: orderStatusSchema, note: z.string().nullable(), createdAt: z.string() })),
});

const orderNotFound = () => new ApiError(404, "not_found", "Pedido não encontrado.");
const orderId = (c: { req: { param(name: string): string | undefined } }) => c.req.param("id") ?? "";

/** The order of the path's id, with items and history; only the owner's when `ownerId` is given (else 404, like a missing one). */
async function orderOr404(c: Context<AppEnv>, ownerId?: string) {
  const order = await getOrder(c.get("services").db, orderId(c), ownerId);
  if (!order) throw orderNotFound();
  return order;
}

export const cepLookupEndpoint = defineEndpoint({
  method: "get",
  path: "/checkout/cep/:cep",
  summary: "Endereço de um CEP (consulta externa com tempo curto; sem resposta, o cliente digita o endereço)",
  tag: "checkout",
  guard: USER_ONLY,
  response: z.discriminatedUnion("ok", [
    z.object({
      ok: z.literal(true),
      address: z.object({ cep: z.string(), street: z.string(), complement: z.string(), neighborhood: z.string(), city: z.string(), state: z.string() }),
    }),
    z.object({ ok: z.literal(false), reason: z.enum(["not_found", "unavailable"]) }),
  ]),
  async handler({ c }) {
    const cep = cepSchema.safeParse(c.req.param("cep") ?? "");
    if (!cep.success) throw new ApiError(400, "validation_error", `Dados inválidos. cep: ${cep.error.issues[0]!.message}`);
    const { config } = c.get("services");
    return lookupCep(cep.data, { baseUrl: config.CEP_LOOKUP_URL, timeoutMs: config.CEP_LOOKUP_TIMEOUT_MS });
  },
});

export const shippingQuoteEndpoint = defineEndpoint({
  method: "post",
  path: "/checkout/shipping-quote",
  summary: "Opções de envio (PAC, SEDEX) para o carrinho da conta conectada e um CEP",
  tag: "checkout",
  guard: USER_ONLY,
  body: shippingQuoteSchema,
  response: z.object({
    needsShipping: z.boolean(),
    options: z.array(z.object({ method: z.enum(["pac", "sedex"]), label: z.string(), priceCents: z.number().int(), deliveryDays: z.number().int(), region: z.string() })),
  }),
  async handler({ body, c, user }) {
    return quoteCartShipping(c.get("services").db, user.id, body.cep);
  },
});

export const placeOrderEndpoint = defineEndpoint({
  method: "post",
  path: "/checkout/orders",
  summary: "Fecha o pedido do carrinho (idempotente pela chave; preços recalculados no servidor; Pix)",
  tag: "checkout",
  guard: USER_ONLY,
  body: placeOrderSchema,
  response: z.object({ orderId: z.string(), number: z.number().int(), replayed: z.boolean() }),
  status: 201,
  async handler({ body, c, user }) {
    const placed = await placeOrder(c.get("services"), user, body);
    if (placed.replayed) c.status(200);
    return placed;
  },
});

export const listMyOrdersEndpoint = defineEndpoint({
  method: "get",
  path: "/orders",
  summary: "Pedidos da conta conectada, mais recentes primeiro",
  tag: "pedidos",
  guard: USER_ONLY,
  response: z.object({ orders: z.array(summarySchema) }),
  async handler({ c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id }); // an overdue Pix reads as cancelled (decision 005)
    return { orders: await listCustomerOrders(c.get("services").db, user.id) };
  },
});

export const getMyOrderEndpoint = defineEndpoint({
  method: "get",
  path: "/orders/:id",
  summary: "Um pedido da conta conectada (o de outra conta responde 404)",
  tag: "pedidos",
  guard: USER_ONLY,
  response: detailSchema,
  async handler({ c, user }) {
    await expirePendingOrders(c.get("services"), { userId: user.id });
    return orderOr404(c, user.id);
  },
});

export const requestWithdrawalEndpoint = defineEndpoint({
  method: "post",
  path: "/orders/:id/withdrawal",
  summary: "Pede a devolução (arrependimento, CDC art. 49) de um pedido entregue há até 7 dias; pedir de novo responde o mesmo pedido",
  tag: "pedidos",
  guard: USER_ONLY,
  body: z.object({
    unopened: z.literal(true, "Confirme que os produtos estão lacrados, na embalagem original."),
    reason: z.string("Motivo inválido.").trim().max(500, "Máximo de 500 caracteres.").optional(),
  }),
  response: detailSchema,
  status: 201,
  async handler({ body, c, user }) {
    // Asking again answers the same 201 with the first request, as a replayed checkout does (decision 005).
    await requestWithdrawal(c.get("services"), orderId(c), user.id, body.reason || null);
    return orderOr404(c, user.id);
  },
});

/* Admin (minimal: the full panel comes later). */

export const adminListOrdersEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/orders",
  summary: "Pedidos para a administração, com filtro de status",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: z.object({ status: orderStatusSchema.optional() }),
  response: z.object({ orders: z.array(summarySchema) }),
  async handler({ query, c }) {
    return { orders: await listAdminOrders(c.get("services").db, query.status) };
  },
});

export const adminGetOrderEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/orders/:id",
  summary: "Um pedido com itens e histórico, para a administração",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: detailSchema,
  async handler({ c }) {
    return orderOr404(c);
  },
});

export const adminConfirmPaymentEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/confirm-payment",
  summary: "Confirma o pagamento Pix de um pedido (Pix estático)",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: detailSchema,
  async handler({ c, user: admin }) {
    await confirmPayment(c.get("services"), orderId(c), admin.id);
    return orderOr404(c);
  },
});

export const adminMoveStatusEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/status",
  summary: "Muda o status de um pedido (só as transições permitidas)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: z.object({
    status: orderStatusSchema,
    note: z.string().trim().max(500, "Máximo de 500 caracteres.").optional(),
  }),
  response: detailSchema,
  async handler({ body, c, user: admin }) {
    if (body.status === "cancelled") await cancelOrder(c.get("services"), orderId(c), admin.id, body.note || null);
    else await moveOrderStatus(c.get("services"), orderId(c), body.status, admin.id, body.note || null);
    return orderOr404(c);
  },
});

export const adminTrackingEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/tracking",
  summary: "Informa o código de rastreio dos Correios (o pedido passa a enviado)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: z.object({ trackingCode: z.string({ error: "Informe o código de rastreio." }).trim().min(1, "Informe o código de rastreio.").max(20, "Código de rastreio longo demais.") }),
  response: detailSchema,
  async handler({ body, c, user: admin }) {
    await addTracking(c.get("services"), orderId(c), body.trackingCode, admin.id);
    return orderOr404(c);
  },
});

export const adminCancelEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/orders/:id/cancel",
  summary: "Cancela um pedido ainda não enviado (o estoque volta)",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: z.object({ reason: z.string().trim().max(500, "Máximo de 500 caracteres.").optional() }),
  response: detailSchema,
  async handler({ body, c, user: admin }) {
    await cancelOrder(c.get("services"), orderId(c), admin.id, body.reason || null);
    return orderOr404(c);
  },
});

export const orderEndpoints = [
  cepLookupEndpoint,
  shippingQuoteEndpoint,
  placeOrderEndpoint,
  listMyOrdersEndpoint,
  getMyOrderEndpoint,
  requestWithdrawalEndpoint,
  adminListOrdersEndpoint,
  adminGetOrderEndpoint,
  adminConfirmPaymentEndpoint,
  adminMoveStatusEndpoint,
  adminTrackingEndpoint,
  adminCancelEndpoint,
];
