import { createHash } from "node:crypto";
import type { Context } from "hono";
import { completeMelhorEnvioAuthorization, startMelhorEnvioAuthorization } from "#domain/connections/melhor-envio-oauth.server.ts";
import { disconnectProvider, pasteFocusNfeToken, pasteMelhorEnvioToken } from "#domain/connections/pasted-tokens.server.ts";
import { readConnections } from "#domain/connections/connections-view.server.ts";
import { SESSION_COOKIE } from "#domain/auth/auth-paths.ts";
import { defineEndpoint } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { connectionsContract } from "#server/contracts/connections.ts";

/** The shop's accounts at Melhor Envio and Focus NFe (issue 30 item 7, decision 075). Admins only. */

/**
 * A fingerprint of the session cookie that made this request: an authorization started in one
 * session is finished only in that one (the OAuth `state` is bound to it), never the cookie itself.
 */
function sessionHash(c: Context<AppEnv>): string {
  const cookies = (c.req.header("cookie") ?? "").split(";").map((part) => part.trim());
  const value = cookies.map((pair) => /^(?:__Secure-)?([^=]+)=(.*)$/.exec(pair)).find((match) => match?.[1] === SESSION_COOKIE)?.[2];
  return createHash("sha256")
    .update(value ?? "")
    .digest("hex");
}

export const getConnectionsEndpoint = defineEndpoint({
  ...connectionsContract.getConnections,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return readConnections(c.get("services"));
  },
});

export const startMelhorEnvioAuthorizationEndpoint = defineEndpoint({
  ...connectionsContract.startMelhorEnvioAuthorization,
  guard: ADMIN_ONLY,
  async handler({ c, user }) {
    return { authorizeUrl: await startMelhorEnvioAuthorization(c.get("services"), { userId: user.id, sessionHash: sessionHash(c) }) };
  },
});

export const finishMelhorEnvioAuthorizationEndpoint = defineEndpoint({
  ...connectionsContract.finishMelhorEnvioAuthorization,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    const services = c.get("services");
    await completeMelhorEnvioAuthorization(services, { userId: user.id, sessionHash: sessionHash(c) }, body);
    return readConnections(services);
  },
});

export const pasteMelhorEnvioTokenEndpoint = defineEndpoint({
  ...connectionsContract.pasteMelhorEnvioToken,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    const services = c.get("services");
    await pasteMelhorEnvioToken(services, user.id, body.token);
    return readConnections(services);
  },
});

export const disconnectMelhorEnvioEndpoint = defineEndpoint({
  ...connectionsContract.disconnectMelhorEnvio,
  guard: ADMIN_ONLY,
  async handler({ c, user }) {
    const services = c.get("services");
    await disconnectProvider(services, user.id, "melhorenvio");
    return readConnections(services);
  },
});

export const pasteFocusNfeTokenEndpoint = defineEndpoint({
  ...connectionsContract.pasteFocusNfeToken,
  guard: ADMIN_ONLY,
  async handler({ body, c, user }) {
    const services = c.get("services");
    await pasteFocusNfeToken(services, user.id, body.token);
    return readConnections(services);
  },
});

export const disconnectFocusNfeEndpoint = defineEndpoint({
  ...connectionsContract.disconnectFocusNfe,
  guard: ADMIN_ONLY,
  async handler({ c, user }) {
    const services = c.get("services");
    await disconnectProvider(services, user.id, "focusnfe");
    return readConnections(services);
  },
});

export const connectionsEndpoints = [
  getConnectionsEndpoint,
  startMelhorEnvioAuthorizationEndpoint,
  finishMelhorEnvioAuthorizationEndpoint,
  pasteMelhorEnvioTokenEndpoint,
  disconnectMelhorEnvioEndpoint,
  pasteFocusNfeTokenEndpoint,
  disconnectFocusNfeEndpoint,
];
