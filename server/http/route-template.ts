import { matchRoutes, type ServerBuild } from "react-router";
import { AUTH_BASE_PATH, AUTH_OPERATIONS } from "#domain/auth/auth-paths.ts";
import { RETIRED_CEP_LOOKUP_PATH } from "#server/api/shipping.ts";
import type { Endpoint } from "#server/http/api.ts";
import { EVENTS_PATH } from "#server/http/events-route.ts";
import { SUPPORT_QR_PATH } from "#server/http/support-qr.ts";

/** What a request is labelled with in the metrics: the route it matched, never a value from its path. */
export type RouteTemplate = (method: string, path: string) => string;

type Pattern = { method: string; regex: RegExp; template: string };

const toRegex = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:\w+/g, "[^/]+")
      .replace(/\*/g, ".*")}$`,
  );

/** The full paths of a React Router build's page routes ("/produto/:slug"), from its route manifest. */
function pagePaths(build: ServerBuild): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  return [...new Set(Object.keys(routes).map((id) => fullPath(id) || "/"))];
}

/**
 * The route template of a request, for the metrics' labels (decision 052): an API endpoint's
 * declared path (`/api/orders/:orderId`), better-auth's fixed paths, the page route React Router
 * matched (`/produto/:slug`), or a fixed name (`/uploads/*`, `other`). Anything unknown gets a
 * fixed label, so a client inventing paths cannot create series.
 */
export function routeTemplates(endpoints: readonly Endpoint[], build?: ServerBuild): RouteTemplate {
  const api: Pattern[] = endpoints.map((endpoint) => ({
    method: endpoint.method.toUpperCase(),
    regex: toRegex(`/api${endpoint.path}`),
    template: `/api${endpoint.path}`,
  }));
  const authPaths = new Set(Object.keys(AUTH_OPERATIONS).map((path) => `${AUTH_BASE_PATH}${path}`));
  const retiredCep = `/api${RETIRED_CEP_LOOKUP_PATH.slice(0, -1)}`;
  const pages = build ? pagePaths(build).map((path) => ({ path })) : [];
  const FIXED = ["/healthz", "/readyz", "/metrics", `/api${EVENTS_PATH}`, "/api/openapi.json", `/api${SUPPORT_QR_PATH}`];

  return (method, rawPath) => {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
    if (FIXED.includes(path)) return path;
    if (path.startsWith("/api/")) {
      if (path.startsWith(retiredCep)) return `${retiredCep}*`;
      if (path.startsWith(`${AUTH_BASE_PATH}/`)) return authPaths.has(path) ? path : `${AUTH_BASE_PATH}/*`;
      const upper = method.toUpperCase();
      const match = api.find(
        (pattern) => (pattern.method === upper || (upper === "HEAD" && pattern.method === "GET")) && pattern.regex.test(path),
      );
      return match?.template ?? "/api/*";
    }
    if (path.startsWith("/uploads/")) return "/uploads/*";
    if (path.startsWith("/assets/")) return "/assets/*";
    if (path.startsWith("/images/")) return "/images/*";
    if (pages.length === 0) return "other";
    // A page's data request (`/produto/x.data`) is labelled with its page and the suffix.
    const data = path.endsWith(".data");
    const matched = matchRoutes(pages, data ? path.slice(0, -".data".length) || "/" : path)?.at(-1)?.route.path;
    if (!matched) return "other";
    return data ? `${matched}.data` : matched;
  };
}
