import { recordServerError } from "#domain/maintenance/error-log.server.ts";
import type { AppServices } from "#platform/services.ts";
import type { Endpoint } from "#server/http/api.ts";
import { MAINTENANCE_CODE } from "#server/http/maintenance-gate.ts";

/**
 * The server error log's side at the edge (decision 025): every answer of 500 or more, but
 * maintenance's 503, is counted by method, route template, status and code, with its request id.
 * The route is the endpoint's template (`/orders/:id`), or for a page its first segment, so no
 * id, slug or query (nothing personal) is kept, and the groups stay as few as the routes.
 * Written after the answer, without awaiting: the request never waits for it, and a database that
 * is away (the usual cause of a 503) loses only the count.
 */
export type FailedRequest = { method: string; path: string; status: number; code: string | undefined; requestId: string };

export function serverErrorRecorder(services: AppServices, endpoints: readonly Endpoint[]): (failed: FailedRequest) => void {
  const templateOf = routeTemplates(endpoints);
  return (failed) => {
    if (failed.code === MAINTENANCE_CODE) return;
    const event = {
      method: failed.method,
      route: templateOf(failed.method, failed.path),
      status: failed.status,
      code: failed.code ?? (failed.path.startsWith("/api/") ? "internal_error" : "page_error"),
      requestId: failed.requestId,
      at: new Date(),
    };
    recordServerError(services.db, event).catch((error: unknown) =>
      services.logger.debug({ err: error, requestId: failed.requestId }, "server error not counted"),
    );
  };
}

/** `(method, path) → template`: the API's own templates first, else `/first-segment[/…]`. */
export function routeTemplates(endpoints: readonly Endpoint[]): (method: string, path: string) => string {
  const patterns = endpoints.map((endpoint) => ({
    method: endpoint.method.toUpperCase(),
    template: `/api${endpoint.path}`,
    pattern: new RegExp(`^/api${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`),
  }));
  return (method, path) => {
    const found = patterns.find((entry) => entry.method === method && entry.pattern.test(path));
    if (found) return found.template;
    const [first = "", ...rest] = path.split("/").filter(Boolean);
    if (first === "api") return "/api/…";
    const page = first.endsWith(".data") ? first.slice(0, -5) : first;
    return `/${page.slice(0, 60)}${rest.length > 0 ? "/…" : ""}`;
  };
}
