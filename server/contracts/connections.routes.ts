/** The outside services' connections' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const connectionsRoutes = {
  getConnections: { method: "get", path: "/admin/connections" },
  startMelhorEnvioAuthorization: { method: "post", path: "/admin/connections/melhorenvio/authorize" },
  finishMelhorEnvioAuthorization: { method: "post", path: "/admin/connections/melhorenvio/callback" },
  pasteMelhorEnvioToken: { method: "put", path: "/admin/connections/melhorenvio/token" },
  disconnectMelhorEnvio: { method: "delete", path: "/admin/connections/melhorenvio" },
  pasteFocusNfeToken: { method: "put", path: "/admin/connections/focusnfe/token" },
  disconnectFocusNfe: { method: "delete", path: "/admin/connections/focusnfe" },
} as const;
