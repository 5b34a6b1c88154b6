import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./app-env.ts";

/**
 * CSP with a per-request nonce for the inline scripts React Router writes (hydration data),
 * and nothing loaded from other origins except the WhatsApp link the user follows.
 */
export function securityHeaders(options: { trustProxy: boolean; development: boolean }): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: options.development ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: options.development ? ["'self'", "ws:"] : ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
  return async (c, next) => {
    await headers(c, next);
    // HSTS only means something over https; behind a proxy we trust its forwarded protocol.
    // Through several proxies the header is a list ("https, http"): the first is the client's.
    const forwarded = options.trustProxy
      ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase()
      : undefined;
    const protocol = forwarded || new URL(c.req.url).protocol.replace(":", "");
    if (protocol === "https") {
      c.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
  };
}
