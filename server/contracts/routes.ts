/**
 * Where the API lives, and its two answers that are not JSON operations. The operations' methods
 * and paths are in one zod-free file per module, `server/contracts/<module>.routes.ts` (decision
 * 046): what the browser needs at run time to call an operation, and nothing else; a page loads only
 * the modules it calls (one shared file put every module's paths on the storefront's first visit).
 * Each module's contract (`<module>.ts`) joins its routes with their schemas; the server mounts them
 * (server/api/<module>.ts) and the browser calls them by name (app/lib/api-client.ts).
 */

/** Where the API is served; every path below is under it. */
export const API_PREFIX = "/api";

/** The API's two answers that are not JSON operations: the realtime event stream (SSE) and the support QR code (SVG). */
export const streamRoutes = {
  events: { method: "get", path: "/events" },
  supportQr: { method: "get", path: "/support/qr.svg" },
} as const;
