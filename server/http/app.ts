import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { mountAuthRoutes } from "#server/http/auth-routes.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { sessionReadFor } from "#domain/auth/session.server.ts";
import { currentShopSettings, publicConfigOf } from "#domain/settings/shop-settings.server.ts";
import { watchSharedCaches } from "#platform/realtime/shared-caches.ts";
import { mountEventRoutes } from "#server/http/events-route.ts";
import { SUPPORT_QR_PATH, supportQrHandler } from "#server/http/support-qr.ts";
import { AccessLog } from "#server/http/access-log.ts";
import { apiEndpoints, apiTagDescriptions } from "#server/http/api-endpoints.ts";
import { hasSessionCookie, mountEndpoints, openApiDocument, uploadBodyLimits } from "#server/http/api.ts";
import { appContext, type IslandModules } from "#app/lib/app-context.server.ts";
import { readIslandModules } from "#server/http/islands.ts";
import { apiBodyLimit } from "#server/http/body-limit.ts";
import { cartSessionOf } from "#server/http/cart-token.ts";
import { csrfProtection } from "#server/http/csrf.ts";
import { referralCookie } from "#server/http/referral-cookie.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import type { AppServices } from "#platform/services.ts";
import { ApiError, asApiError, errorBody, notFoundError } from "#server/http/errors.ts";
import { RETIRED_CEP_LOOKUP_PATH } from "#server/api/shipping.ts";
import { API_CACHE_CONTROL, securityHeaders } from "#server/http/security-headers.ts";
import { ASSETS_CACHE_CONTROL, OTHER_STATIC_CACHE_CONTROL, staticFiles } from "#server/http/static-files.ts";
import { UPLOADED_FILES_ROUTE, uploadedFilesHandler } from "#server/http/uploaded-files.ts";
import { DOWNLOAD_ROUTE, downloadHandler } from "#server/http/downloads.ts";
import { maintenanceGate } from "#server/http/maintenance-gate.ts";
import { adminAppManifestHandler, ADMIN_APP_MANIFEST_PATH } from "#server/http/admin-app-manifest.ts";
import { databaseBusyAnswer } from "#server/http/database-busy.ts";
import { serverErrorRecorder } from "#server/http/server-errors.ts";
import { mountProbes } from "#server/http/probes.ts";
import type { Lifecycle } from "#server/lifecycle.ts";
import { measureDatabase, metricsHandler, observeRequest } from "#server/http/metrics.ts";
import { routeTemplates } from "#server/http/route-template.ts";
import { cardPageOrigins } from "#domain/payments/card-settings.ts";

export type AppOptions = {
  /** React Router's server build (a loader in development); without it only the API is served. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (hashed assets) to serve. */
  clientDir?: string;
  /** The island pages' modules; without them, those of `clientDir`'s build (`npm run dev` gives its own). */
  islands?: IslandModules;
  /** The access log, closed by its owner (server/main.ts); without it the app keeps one of its own. */
  accessLog?: AccessLog;
  /** How often /api/events beats and re-checks its session (tests shorten it). */
  eventsHeartbeatMs?: number;
  /** The process's shutdown state: /readyz and the event streams follow it (decision 053). */
  lifecycle?: Lifecycle;
};

export function createApp(services: AppServices, options: AppOptions = {}): Hono<AppEnv> {
  const { config, logger } = services;
  const app = new Hono<AppEnv>();
  const accessLog = options.accessLog ?? new AccessLog(logger, apiEndpoints);
  const recordServerError = serverErrorRecorder(services, apiEndpoints);
  measureDatabase(services.db);
  const routeOf = routeTemplates(apiEndpoints, typeof options.build === "object" ? options.build : undefined);
  // An admin's product edit on any instance empties this one's copies of the products (decision 021).
  watchSharedCaches(services.db, logger);

  app.use(requestId());
  app.use(async (c, next) => {
    c.set("services", services);
    const started = performance.now();
    await next();
    const status = c.res.status;
    const ms = performance.now() - started;
    observeRequest(c.req.method, routeOf(c.req.method, c.req.path), status, ms);
    accessLog.record({
      requestId: c.get("requestId"),
      method: c.req.method,
      path: pathForLog(c.req.path),
      status,
      ms: Math.round(ms),
      ...(REFUSALS.has(status) ? await whoWasRefused(c, config.TRUST_PROXY) : {}),
    });
    if (status >= 500)
      recordServerError({ method: c.req.method, path: c.req.path, status, code: c.get("errorCode"), requestId: c.get("requestId") });
  });
  // Before the maintenance gate and the CSRF check: a scraper is neither a visitor nor a form.
  app.get("/metrics", metricsHandler);
  app.use(
    securityHeaders({
      trustProxy: config.TRUST_PROXY,
      development: config.NODE_ENV === "development",
      cardOrigins: cardPageOrigins(config),
    }),
  );
  // API answers are per caller (a cart, an order, a session): no browser or proxy keeps them,
  // unless an endpoint says otherwise (the support QR code). Refusals of the CSRF check included.
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", API_CACHE_CONTROL);
  });
  // Maintenance mode (decision 024): visitors and customers get the 503 page; admins go on.
  app.use(maintenanceGate());
  // Before anything that changes state: the API, /api/auth and React Router actions.
  app.use(csrfProtection(config.PUBLIC_URL));
  // Any page opened through a referral link keeps its code (decision 027); one substring check otherwise.
  app.use(referralCookie(new URL(config.PUBLIC_URL).protocol === "https:"));

  app.onError((error, c) => {
    const refusal = asApiError(error);
    // A database that went away is the operator's news, not the caller's fault: logged, as a warning.
    if (refusal?.status === 503) logger.warn({ code: refusal.code, requestId: c.get("requestId") }, "database unavailable");
    if (refusal) {
      c.set("errorCode", refusal.code);
      return c.json(errorBody(refusal.code, refusal.message), refusal.status, refusal.headers);
    }
    c.set("errorCode", "internal_error");
    logger.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    return c.json(errorBody("internal_error", "Erro interno. Tente novamente em instantes."), 500);
  });

  mountProbes(app, services, options.lifecycle);

  const api = new Hono<AppEnv>();
  api.use(apiBodyLimit(config.MAX_BODY_BYTES, uploadBodyLimits(apiEndpoints)));
  api.get("/openapi.json", (c) => c.json(openApiDocument(apiEndpoints, apiTagDescriptions)));
  mountEndpoints(api, apiEndpoints);
  mountAuthRoutes(api);
  mountEventRoutes(api, options.eventsHeartbeatMs, options.lifecycle);
  api.get(SUPPORT_QR_PATH, supportQrHandler);
  api.all(RETIRED_CEP_LOOKUP_PATH, () => {
    throw new ApiError(410, "endpoint_retired", "A consulta de CEP mudou. Recarregue a página e tente de novo.");
  });
  api.all("*", () => {
    throw notFoundError();
  });
  app.route("/api", api);
  app.get(UPLOADED_FILES_ROUTE, uploadedFilesHandler);
  // A signed download serves its file here; any refusal falls through to its page (decision 030).
  app.get(DOWNLOAD_ROUTE, downloadHandler);
  // Before public/'s files: the owner's app is named after the shop (decision 087).
  app.get(ADMIN_APP_MANIFEST_PATH, adminAppManifestHandler);

  if (options.clientDir) {
    app.use("/assets/*", staticFiles(options.clientDir, ASSETS_CACHE_CONTROL));
    app.use("*", staticFiles(options.clientDir, OTHER_STATIC_CACHE_CONTROL));
  }

  if (options.build) {
    const handle = createRequestHandler(options.build, config.NODE_ENV === "development" ? "development" : "production");
    const islands = options.islands ?? readIslandModules(options.clientDir);
    app.use("*", compress());
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      const pageFailure = { databaseUnavailable: false };
      context.set(appContext, {
        pageFailure,
        services,
        // The owner's saved identity and support line (decision 055), from this process's copy.
        publicConfig: publicConfigOf(await currentShopSettings(services)),
        nonce: c.get("secureHeadersNonce") ?? "",
        requestId: c.get("requestId"),
        islands,
        visitorCartSessionId: (request) => cartSessionOf(config, request.headers.get("cookie") ?? undefined).sessionId,
      });
      const response = await handle(c.req.raw, context);
      // A loader met a database that is away or busy: 503 as the API answers, not React Router's 500.
      if (pageFailure.databaseUnavailable && response.status >= 500) {
        await response.body?.cancel();
        return databaseBusyAnswer(c);
      }
      return hasSessionCookie(c.req.header("cookie")) ? privatePage(response) : response;
    });
  }

  return app;
}

/**
 * A page (or its `.data`) that may hold a signed-in customer's name, cart or orders: no browser or
 * shared cache keeps it, and a cache that keeps the visitor's version keys it by the cookie.
 */
function privatePage(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  headers.append("Vary", "Cookie");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The retired CEP path's value is a customer's CEP: the access log keeps only its template. */
const RETIRED_CEP_PREFIX = `/api${RETIRED_CEP_LOOKUP_PATH.slice(0, -1)}`;
const pathForLog = (path: string) => (path.startsWith(RETIRED_CEP_PREFIX) ? `/api${RETIRED_CEP_LOOKUP_PATH}` : path);

/** The answers that refuse access (or hide what exists): their access lines say who asked. */
const REFUSALS = new Set([401, 403, 404]);

/** The account, when the request's session was read on its way (guards read it), and the address. */
async function whoWasRefused(c: Context<AppEnv>, trustProxy: boolean): Promise<{ userId?: string; client: string }> {
  const user = await (sessionReadFor(c.req.raw) ?? Promise.resolve(null)).catch(() => null);
  return { ...(user ? { userId: user.id } : {}), client: normalizeAddress(clientAddress(c, trustProxy)) };
}
