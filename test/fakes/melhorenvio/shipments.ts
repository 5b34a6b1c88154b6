// Labels and tracking: /cart, /shipment/checkout|generate|print|tracking|cancel, /balance,
// /orders/{id}, signed webhooks and the test control that advances a shipment (issue 30 items 4, 5).
import type { Hono } from "hono";
import type { FakeState } from "#test/fakes/melhorenvio/state.ts";

export function shipmentRoutes(_app: Hono, _state: FakeState): void {}
