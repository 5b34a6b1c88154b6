import { apiClient } from "#app/lib/api-client.ts";
import type { PlaceOrderInput } from "#domain/checkout/checkout-schemas.ts";
import type { checkoutContract } from "#server/contracts/checkout.ts";
import { checkoutRoutes } from "#server/contracts/checkout.routes.ts";
import { shippingRoutes } from "#server/contracts/shipping.routes.ts";
import type { CardPaymentInput } from "#domain/payments/card-schemas.ts";
import type { ordersContract } from "#server/contracts/orders.ts";
import { ordersRoutes } from "#server/contracts/orders.routes.ts";
import type { paymentsContract } from "#server/contracts/payments.ts";
import { paymentsRoutes } from "#server/contracts/payments.routes.ts";
import type { shippingContract } from "#server/contracts/shipping.ts";

/**
 * The checkout's calls (server/contracts/checkout.ts and shipping.ts), typed by their contracts;
 * errors are ApiCallError with the server's Portuguese message and code.
 */
const FALLBACK = "Não foi possível concluir. Tente novamente.";
const checkout = apiClient<typeof checkoutContract>(checkoutRoutes, { fallbackMessage: FALLBACK });
const shipping = apiClient<typeof shippingContract>(shippingRoutes, { fallbackMessage: FALLBACK });
const payments = apiClient<typeof paymentsContract>(paymentsRoutes, { fallbackMessage: FALLBACK });
const orders = apiClient<typeof ordersContract>(ordersRoutes, { fallbackMessage: FALLBACK });

export const checkoutApi = {
  quoteShipping: (cep: string) => shipping.call("checkoutShippingQuote", { body: { cep } }),
  placeOrder: (body: PlaceOrderInput) => checkout.call("placeOrder", { body }),
  // Card payments (issue 32): the Brick's token for the order just placed, and the order read back after a 3DS challenge.
  payByCard: (orderId: string, body: CardPaymentInput) => payments.call("payOrderByCard", { params: { id: orderId }, body }),
  order: (orderId: string) => orders.call("getMyOrder", { params: { id: orderId } }),
};
