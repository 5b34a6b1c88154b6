import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const crossOriginError = () =>
  new ApiError(403, "cross_origin_request", "Requisição recusada: ela veio de outro site. Recarregue a página e tente novamente.");

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE: the API and React Router actions)
 * that a browser sent from another site. Browsers send `Origin` with every such request; it must be
 * the shop's PUBLIC_URL or the address the request was made to. Without `Origin`, a `Sec-Fetch-Site`
 * other than same-origin is refused. Requests with neither (curl, server-to-server webhooks) come
 * from no browser, so they carry no victim's cookies, and pass.
 */
export function csrfProtection(publicUrl: string): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    const refused = isCrossSiteWrite({
      method: c.req.method,
      origin: c.req.header("origin"),
      secFetchSite: c.req.header("sec-fetch-site"),
      publicOrigin,
      requestUrl: () => c.req.url,
    });
    if (refused) throw crossOriginError();
    return next();
  };
}

/** The rule above, without Hono's context. `requestUrl` is read only when needed. */
export function isCrossSiteWrite(request: {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  publicOrigin: string;
  requestUrl: () => string;
}): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const { origin } = request;
  if (origin !== undefined) return origin !== request.publicOrigin && origin !== new URL(request.requestUrl()).origin;
  const site = request.secFetchSite;
  return !!site && site !== "same-origin" && site !== "none";
}
