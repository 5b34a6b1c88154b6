import { placeOrder } from "#domain/checkout/place-order.server.ts";
import { chargeOrderNow } from "#domain/reconciliation/order-charge.server.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { checkoutContract } from "#server/contracts/checkout.ts";
import { refuseIfAgeRefused } from "#server/http/age-refusal.ts";

/** Placing an order from the cart (issue 6, decision 005); the CEP and the quotes are server/api/shipping.ts. */

export const placeOrderEndpoint = defineEndpoint({
  ...checkoutContract.placeOrder,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    // Adults only (decision 064): the order's own 18+ box does not overrule this browser's "no" to the gate.
    refuseIfAgeRefused(c);
    const placed = await placeOrder(c.get("services"), user, body);
    // After the commit, no lock held: a provider's Pix (a no-op for the static one, or when it exists).
    // If it fails, the order's page says so and the queued job keeps trying (decision 045).
    await chargeOrderNow(c.get("services"), placed.orderId);
    if (placed.replayed) c.status(200);
    return placed;
  },
});

export const checkoutEndpoints = [placeOrderEndpoint];
