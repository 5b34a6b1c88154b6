import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { AccessLog } from "#server/http/access-log.ts";
import type { AppServices } from "#platform/services.ts";
import { checkJsonContentType, hasSessionCookie, parse, parseJsonText, type Endpoint } from "#server/http/api.ts";
import { crossOriginError, isCrossSiteWrite } from "#server/http/csrf.ts";
import { asApiError, errorBody, payloadTooLargeError } from "#server/http/errors.ts";
import { knownMaintenance } from "#domain/maintenance/maintenance-mode.server.ts";
import { serverErrorRecorder } from "#server/http/server-errors.ts";
import { observeRequest } from "#server/http/metrics.ts";
import { API_CACHE_CONTROL, API_SECURITY_HEADERS, HSTS_HEADER, servedOverHttps } from "#server/http/security-headers.ts";

/** Node's request listener: true when the lean lane answered, false to hand the request to Hono. */
export type LeanLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Hono's request-id rule: a client's id is kept when short and plain, else a new UUID. */
const REQUEST_ID_LIMIT = 255;
const UNSAFE_REQUEST_ID = /[^\w\-=]/;

function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  if (typeof given === "string" && given !== "" && given.length <= REQUEST_ID_LIMIT && !UNSAFE_REQUEST_ID.test(given)) return given;
  return randomUUID();
}

/** The body as text, refusing more than `limit` bytes (a body without Content-Length is counted). */
function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off("data", onData);
        reject(payloadTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve(chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString()));
    request.once("error", reject);
  });
}

/**
 * The lean lane (decision 006): endpoints defined with `defineLeanEndpoint` (public, input only)
 * and the anonymous callers (no Cookie header) of those given `withAnonymousLeanLane`,
 * answered straight from Node's http server instead of through Hono's Web Request/Response
 * objects and middleware chain, which cost several times the work of the operation itself. It does
 * what the Hono path does, in the same order: request id, CSRF check, body size limit, JSON
 * content type and parsing, zod validation, the API's security headers, `{ error: { code,
 * message } }` errors in Portuguese, and the access log line with the same fields.
 * `lean-api.test.ts` sends the same requests both ways and compares the answers.
 */
export function createLeanLane(
  services: AppServices,
  endpoints: Endpoint[],
  accessLog = new AccessLog(services.logger, endpoints),
): LeanLane {
  const { config, logger } = services;
  const basePath = "/api";
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const recordServerError = serverErrorRecorder(services, endpoints);
  // Exact "METHOD /api/path" (no parameters, no query string); anything else goes to Hono.
  const routes = new Map<string, Endpoint>();
  for (const endpoint of endpoints) {
    if (endpoint.lean && !endpoint.query && !endpoint.path.includes(":")) {
      routes.set(`${endpoint.method.toUpperCase()} ${basePath}${endpoint.path}`, endpoint);
    }
  }

  async function answer(endpoint: Endpoint, request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    const started = performance.now();
    const headers: Record<string, string | number> = {
      ...API_SECURITY_HEADERS,
      "Cache-Control": API_CACHE_CONTROL,
      "X-Request-Id": requestId,
    };
    const encrypted = () => (request.socket as TLSSocket).encrypted === true;
    if (servedOverHttps(config.TRUST_PROXY, header(request, "x-forwarded-proto"), encrypted)) headers[HSTS_HEADER[0]] = HSTS_HEADER[1];
    let status: number = endpoint.status ?? 200;
    let code: string | undefined;
    let payload: unknown;
    const cookies: string[] = [];
    try {
      const crossSite = isCrossSiteWrite({
        method: request.method ?? "",
        origin: header(request, "origin"),
        secFetchSite: header(request, "sec-fetch-site"),
        publicOrigin,
        requestUrl: () => `${encrypted() ? "https" : "http"}://${request.headers.host ?? ""}`,
      });
      if (crossSite) throw crossOriginError();
      const length = request.headers["content-length"];
      if (
        length !== undefined &&
        request.headers["transfer-encoding"] === undefined &&
        Number.parseInt(length, 10) > config.MAX_BODY_BYTES
      ) {
        throw payloadTooLargeError();
      }
      let body: unknown;
      if (endpoint.body) {
        checkJsonContentType(request.headers["content-type"]);
        body = parse(endpoint.body, parseJsonText(await readBody(request, config.MAX_BODY_BYTES)));
      }
      const reply = {
        set: (name: string, value: string) => {
          // Set-Cookie may come more than once; Node sends an array as one header line each.
          if (name.toLowerCase() === "set-cookie") cookies.push(value);
          else headers[name] = value;
        },
        secure: servedOverHttps(config.TRUST_PROXY, header(request, "x-forwarded-proto"), encrypted),
      };
      payload = await endpoint.lean!({ body, query: undefined, services, header: (name) => header(request, name.toLowerCase()), reply });
    } catch (error) {
      const refusal = asApiError(error);
      if (refusal?.status === 503) logger.warn({ code: refusal.code, requestId }, "database unavailable");
      code = refusal?.code ?? "internal_error";
      if (refusal) {
        status = refusal.status;
        payload = errorBody(refusal.code, refusal.message);
        Object.assign(headers, refusal.headers); // a 429's Retry-After, as Hono's onError sends it
      } else {
        logger.error({ err: error, requestId }, "unhandled error");
        status = 500;
        payload = errorBody("internal_error", "Erro interno. Tente novamente em instantes.");
      }
      // A body left unread (refused before or while reading) is not drained: the connection closes.
      if (!request.readableEnded) headers.Connection = "close";
    }
    // Like Hono's answers, a refusal keeps the cookie of a token issued before it (the add failed, the token stands).
    if (cookies.length > 0) (headers as Record<string, string | number | string[]>)["Set-Cookie"] = cookies;
    if (status === 204) {
      response.writeHead(204, headers);
      response.end();
    } else {
      const json = JSON.stringify(payload);
      headers["Content-Type"] = "application/json";
      headers["Content-Length"] = Buffer.byteLength(json);
      response.writeHead(status, headers);
      response.end(json);
    }
    const ms = performance.now() - started;
    // A lean endpoint has no path parameters: its path is its template.
    observeRequest(request.method ?? "", basePath + endpoint.path, status, ms);
    accessLog.record({ requestId, method: request.method ?? "", path: basePath + endpoint.path, status, ms: Math.round(ms) });
    if (status >= 500) recordServerError({ method: request.method ?? "", path: basePath + endpoint.path, status, code, requestId });
  }

  return (request, response) => {
    const endpoint = routes.get(`${request.method} ${request.url}`);
    if (!endpoint) return false;
    if (endpoint.leanWithoutCookiesOnly && hasSessionCookie(request.headers.cookie)) return false;
    // Maintenance on (or not known yet: a process's first request): Hono's gate decides (decision 024).
    if (knownMaintenance(services.db)?.enabled !== false) return false;
    const requestId = requestIdOf(request);
    void answer(endpoint, request, response, requestId).catch((error: unknown) => {
      logger.error({ err: error, requestId }, "unhandled error");
      if (!response.headersSent) response.writeHead(500, { ...API_SECURITY_HEADERS, "Content-Type": "application/json" });
      response.end(JSON.stringify(errorBody("internal_error", "Erro interno. Tente novamente em instantes.")));
    });
    return true;
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
