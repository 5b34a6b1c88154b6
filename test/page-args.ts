import { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/app-context.server.ts";
import { publicConfig } from "#platform/config.ts";
import type { AppServices } from "#platform/services.ts";
import { cartSessionOf } from "#server/http/cart-token.ts";
import { PUBLIC_URL } from "#test/auth-helpers.ts";

/**
 * What a page's loader or action receives for `path` (as server/http/app.ts builds it), requested
 * with these cookies (a test Browser's `header()`), so a test calls the loader as React Router does.
 */
export function pageArgs(services: AppServices, path: string, cookie = "") {
  const request = new Request(new URL(path, PUBLIC_URL), { headers: cookie ? { cookie } : {} });
  const context = new RouterContextProvider();
  context.set(appContext, {
    services,
    publicConfig: publicConfig(services.config),
    nonce: "",
    requestId: "teste",
    islands: {},
    pageFailure: { databaseUnavailable: false },
    visitorCartSessionId: (request) => cartSessionOf(services.config, request.headers.get("cookie") ?? undefined).sessionId,
  });
  const url = new URL(request.url);
  return { request, context, url, params: {}, pattern: url.pathname };
}
