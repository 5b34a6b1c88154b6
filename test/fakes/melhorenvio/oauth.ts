// Connecting the account: GET /oauth/authorize, POST /oauth/token, GET /api/v2/me (issue 30 item 7).
import type { Hono } from "hono";
import type { FakeState } from "#test/fakes/melhorenvio/state.ts";

export function oauthRoutes(_app: Hono, _state: FakeState): void {}
