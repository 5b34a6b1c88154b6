// A local Melhor Envio (issue 30 item 8) speaking its API's wire format: Bearer token and the
// required User-Agent on every /api/v2/me call, quotes, the OAuth connection, the four label steps
// from a wallet, tracking and signed webhooks. Used by the tests and by `npm run dev` with
// SHIPPING_PROVIDER=melhorenvio and no token. Each area lives in test/fakes/melhorenvio/.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { oauthRoutes } from "#test/fakes/melhorenvio/oauth.ts";
import { quoteRoutes } from "#test/fakes/melhorenvio/quotes.ts";
import { shipmentRoutes } from "#test/fakes/melhorenvio/shipments.ts";
import type { FakeState } from "#test/fakes/melhorenvio/state.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";

export type MelhorEnvioFake = FakeState & {
  /** The host (MELHOR_ENVIO_URL); the API is under /api/v2/me. */
  url: string;
  /** A personal token the API accepts (MELHOR_ENVIO_TOKEN). */
  token: string;
  close(): Promise<void>;
};

export async function startMelhorEnvioFake(options: { port?: number; balance?: number } = {}): Promise<MelhorEnvioFake> {
  const token = `me-token-${randomUUID()}`;
  const state: FakeState = {
    tokens: new Set([token]),
    clientId: String(Math.floor(Math.random() * 9000) + 1000),
    clientSecret: `me-secret-${randomUUID()}`,
    balance: options.balance ?? 500,
    shipments: new Map(),
    hang: false,
    delayMs: 0,
    calls: [],
  };
  const app = new Hono();

  app.use("/api/v2/me/*", async (c, next) => {
    state.calls.push(`${c.req.method} ${c.req.path.replace("/api/v2/me", "")}`);
    if (state.hang) await new Promise(() => {});
    if (state.failWith) return c.json({ message: "Server Error" }, state.failWith as 500);
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!bearer || !state.tokens.has(bearer)) return c.json({ message: "Unauthenticated." }, 401);
    // Melhor Envio requires "User-Agent: App (email)" on every call.
    if (!/\(.+@.+\)/.test(c.req.header("user-agent") ?? "")) return c.json({ message: "User-Agent obrigatório: Aplicação (email)" }, 400);
    return next();
  });
  quoteRoutes(app, state);
  oauthRoutes(app, state);
  shipmentRoutes(app, state);

  const served = await serveOnLoopback(app, options.port);
  return Object.assign(state, { url: served.url, token, close: served.close });
}
