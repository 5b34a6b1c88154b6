/**
 * The better-auth operations the shop serves under /api/auth (everything else there is a 404), and
 * who may use them: "session" ones need a signed-in user. Plain data, so the access-matrix test
 * can walk them without loading the server.
 */
export const AUTH_BASE_PATH = "/api/auth";

/**
 * The header the shop sets, on the requests it hands to better-auth, to the client address it
 * decided on; whatever a client sent under this name is replaced first.
 */
export const CLIENT_ADDRESS_HEADER = "x-shop-client-address";

export const AUTH_OPERATIONS = {
  "/get-session": { method: "GET", access: "public" },
  "/verify-email": { method: "GET", access: "public" },
  "/sign-in/email": { method: "POST", access: "public" },
  "/sign-up/email": { method: "POST", access: "public" },
  "/sign-out": { method: "POST", access: "public" },
  "/request-password-reset": { method: "POST", access: "public" },
  "/reset-password": { method: "POST", access: "public" },
  "/send-verification-email": { method: "POST", access: "public" },
  // The e-mailed one-time sign-in link (decision 016): asked for, then followed.
  "/sign-in/magic-link": { method: "POST", access: "public" },
  "/magic-link/verify": { method: "GET", access: "public" },
  "/change-password": { method: "POST", access: "session" },
  "/change-email": { method: "POST", access: "session" },
  "/update-user": { method: "POST", access: "session" },
} as const satisfies Record<string, { method: "GET" | "POST"; access: "public" | "session" }>;

/**
 * The session cookie better-auth sets (cookiePrefix "loja", domain/auth/auth.server.ts); over https
 * its name carries the "__Secure-" prefix. openapi.test.ts checks it against a real sign-in. A
 * visitor's requests carry the cart cookie too (decision 017): only this one can name an account.
 */
export const SESSION_COOKIE = "loja.session_token";

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE.replace(".", "\\.")}=`);

/** Whether the request carries a session cookie: it may come from a signed-in user. */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && SESSION_COOKIE_PATTERN.test(cookie);
}
