// Quotes: POST /api/v2/me/shipment/calculate (issue 30 item 1).
import type { Hono } from "hono";
import type { FakeState } from "#test/fakes/melhorenvio/state.ts";

export function quoteRoutes(_app: Hono, _state: FakeState): void {}
