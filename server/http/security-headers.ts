import { randomFillSync } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";

/** Sent with every response: the values Hono's `secureHeaders` sends, computed once (decision 006). */
const COMMON_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "DENY"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/**
 * The JSON API and the build's scripts and stylesheets load nothing and are never framed: they get a
 * fixed policy that allows nothing, with no nonce to generate (they are not documents that run scripts).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Every security header of an API response but HSTS, as a plain object for Node's `writeHead`. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Security-Policy": API_CSP,
  ...Object.fromEntries(COMMON_HEADERS),
});

/** What /api answers (both lanes) carry unless the endpoint sets its own Cache-Control. */
export const API_CACHE_CONTROL = "no-store";

export const HSTS_HEADER = ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as const;

/** Whether the client reached us over https: a trusted proxy's forwarded protocol, else our own. */
export function servedOverHttps(trustProxy: boolean, forwardedProto: string | undefined, ownProtocolIsHttps: () => boolean): boolean {
  // Through several proxies the header is a list ("https, http"): the first is the client's.
  const forwarded = trustProxy ? forwardedProto?.split(",")[0]?.trim().toLowerCase() : undefined;
  return forwarded ? forwarded === "https" : ownProtocolIsHttps();
}

/** Nonces come from a buffer of random bytes filled 256 nonces at a time; each is used once. */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

export function generateNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * The JSON API and the build's hashed scripts and stylesheets are never documents: they get the
 * fixed `API_CSP`, not a page policy with a fresh nonce. A page loads some 30 assets; a nonce policy
 * on each cost 255 bytes of header (against 79) that no browser uses and that HTTP/2 cannot
 * compress, since the nonce changes every time (Lighthouse, decision 006). Exception to keep in mind:
 * a Web Worker runs under its own script's policy; the shop has none, and one added later needs its own.
 */
const isNeverADocument = (path: string) => isApiPath(path) || path.startsWith("/assets/");

/**
 * Security headers. Pages get a CSP with a per-request nonce for the inline scripts React Router
 * writes (hydration data), and nothing loaded from other origins except the WhatsApp link the user
 * follows; `/api/*` gets `API_CSP`. HSTS only over https (or a trusted proxy's forwarded https).
 */
/** The pages where the card is typed (issue 32): only they may load the provider's Brick and its frames. */
export const CARD_PAGES = new Set(["/checkout", "/checkout-flow"]);

export function securityHeaders(options: {
  trustProxy: boolean;
  development: boolean;
  /** Origins of the Card Payment Brick's script and of the provider's API and frames; empty with cards off. */
  cardOrigins?: readonly string[];
}): MiddlewareHandler<AppEnv> {
  const scriptSrc = options.development ? "'self' 'unsafe-inline'" : null;
  const connectSrc = options.development ? "'self' ws:" : "'self'";
  const cards = [...new Set(options.cardOrigins ?? [])].join(" ");
  const pageCsp = (nonce: string, cardPage: boolean) => {
    const extra = cardPage && cards ? ` ${cards}` : "";
    return (
      `default-src 'self'; script-src ${scriptSrc ?? `'self' 'nonce-${nonce}'`}${extra}; style-src 'self' 'unsafe-inline'; ` +
      `img-src 'self' data: blob:${extra}; font-src 'self' data:; connect-src ${connectSrc}${extra}; ` +
      `${extra ? `frame-src${extra}; ` : ""}frame-ancestors 'none'; form-action 'self'${extra}; base-uri 'none'; object-src 'none'`
    );
  };

  return async (c, next) => {
    let csp = API_CSP;
    if (!isNeverADocument(c.req.path)) {
      // In development Vite injects inline scripts of its own: 'unsafe-inline', and no nonce (a
      // nonce in the policy would make browsers ignore 'unsafe-inline').
      const nonce = scriptSrc ? "" : generateNonce();
      if (nonce) c.set("secureHeadersNonce", nonce);
      csp = pageCsp(nonce, CARD_PAGES.has(c.req.path));
    }
    await next();
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", csp);
    for (const [name, value] of COMMON_HEADERS) headers.set(name, value);
    // HSTS only means something over https; behind a proxy we trust its forwarded protocol.
    if (servedOverHttps(options.trustProxy, c.req.header("x-forwarded-proto"), () => c.req.url.startsWith("https:"))) {
      headers.set(...HSTS_HEADER);
    }
  };
}
