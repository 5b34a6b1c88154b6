import { apiClient } from "#app/lib/api-client.ts";
import type { connectionsContract } from "#server/contracts/connections.ts";
import { connectionsRoutes } from "#server/contracts/connections.routes.ts";

/** The connections' calls (server/contracts/connections.ts), typed by their contract. */

const connections = apiClient<typeof connectionsContract>(connectionsRoutes, {
  fallbackMessage: "Não foi possível concluir. Tente novamente.",
});

export const connectionsApi = {
  read: () => connections.call("getConnections"),
  startMelhorEnvio: () => connections.call("startMelhorEnvioAuthorization", { body: {} }),
  finishMelhorEnvio: (code: string, state: string) => connections.call("finishMelhorEnvioAuthorization", { body: { code, state } }),
  pasteMelhorEnvio: (token: string) => connections.call("pasteMelhorEnvioToken", { body: { token } }),
  disconnectMelhorEnvio: () => connections.call("disconnectMelhorEnvio"),
  pasteFocusNfe: (token: string) => connections.call("pasteFocusNfeToken", { body: { token } }),
  disconnectFocusNfe: () => connections.call("disconnectFocusNfe"),
};

export const connectionsKeys = { all: ["connections"] as const };
