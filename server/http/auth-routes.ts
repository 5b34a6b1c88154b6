import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "#server/http/app-env.ts";
import type { AppServices } from "#platform/services.ts";
import { CLIENT_ADDRESS_HEADER, clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { ApiError, rateLimitedError } from "#server/http/errors.ts";
import { requireUser } from "#server/http/guards.ts";
import { refuseControlCharacters } from "#server/http/control-characters.ts";
import { translateAuthError } from "#server/http/auth-errors.ts";
import { AUTH_BASE_PATH, AUTH_OPERATIONS } from "#domain/auth/auth-paths.ts";
import { authFor } from "#domain/auth/auth.server.ts";
import { AUTH_RATE_RULES, consumeRate, rateKey, refundRate, resetRate, signInAccountKey, type RateRule } from "#platform/rate-limit.ts";
import { authSecret } from "#domain/auth/auth-secret.server.ts";
import { signInLinkEmail } from "#domain/auth/sign-in-link.server.ts";

/**
 * /api/auth/*: better-auth behind the shop's own layer, which
 * - lets through only the operations the shop uses (everything else is a 404);
 * - hands better-auth the real client address (the socket's, or a trusted proxy's);
 * - applies the rate limits of decision 002, kept in PostgreSQL;
 * - answers errors in the API's shape, in Portuguese, and never returns session tokens in bodies.
 */
const ROUTES: Record<string, "GET" | "POST"> = Object.fromEntries(
  Object.entries(AUTH_OPERATIONS).map(([path, { method }]) => [path, method]),
);

const DEVICE_COOKIE = "loja.device";
const DEVICE_COOKIE_DAYS = 365;

type Limit = { key: string; rule: RateRule };

/** The body as data (JSON or form fields) for the control-character check; as text when it is neither. */
function bodyData(body: string, contentType: string): unknown {
  try {
    if (contentType.startsWith("application/json")) return JSON.parse(body);
    if (contentType.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  } catch {
    // Not JSON after all: better-auth answers for that; the text is still checked.
  }
  return body;
}

/** The e-mail a request is about, lower case, from a JSON or form body; undefined if none. */
function emailOf(body: string, contentType: string): string | undefined {
  let value: unknown;
  try {
    if (contentType.startsWith("application/json")) value = (JSON.parse(body) as { email?: unknown })?.email;
    else if (contentType.startsWith("application/x-www-form-urlencoded")) value = new URLSearchParams(body).get("email");
  } catch {
    return undefined;
  }
  return typeof value === "string" && value.trim() ? value.trim().toLowerCase() : undefined;
}

function deviceSignature(secret: string, email: string, nonce: string): string {
  return createHmac("sha256", secret).update(`device|${email}|${nonce}`).digest("base64url");
}

/** The nonce of this browser's device cookie when it was issued for this account, else undefined. */
function knownDevice(c: Context<AppEnv>, secret: string, email: string): string | undefined {
  const value = getCookie(c, DEVICE_COOKIE) ?? getCookie(c, `__Secure-${DEVICE_COOKIE}`);
  const [nonce, signature] = value?.split(".") ?? [];
  if (!nonce || !signature) return undefined;
  const expected = Buffer.from(deviceSignature(secret, email, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
}

function deviceCookie(services: AppServices, secret: string, email: string): string {
  const secure = services.config.PUBLIC_URL.startsWith("https:");
  const nonce = randomBytes(12).toString("base64url");
  const name = secure ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE;
  const attributes = [
    `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
    `Path=${AUTH_BASE_PATH}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ];
  return `${name}=${nonce}.${deviceSignature(secret, email, nonce)}; ${attributes.join("; ")}`;
}

/** Whether better-auth's answer opened a session (it sets a non-empty session cookie). */
const opensSession = (response: Response) => response.headers.getSetCookie().some((cookie) => /session_token=[^;]/.test(cookie));

/** Which counters a request goes through; the account ones are counted for unknown e-mails alike. */
function limitsFor(c: Context<AppEnv>, path: string, address: string, email: string | undefined, secret: string): Limit[] {
  const R = AUTH_RATE_RULES;
  const limits: Limit[] = [{ key: rateKey("auth-post", address), rule: R.authPostPerAddress }];
  if (path === "/sign-in/email") {
    limits.push({ key: rateKey("sign-in", address), rule: R.signInPerAddress });
    if (email) {
      limits.push({ key: rateKey("sign-in-account-address", email, address), rule: R.signInPerAccountAndAddress });
      const device = knownDevice(c, secret, email);
      limits.push(
        device
          ? { key: rateKey("sign-in-device", email, device), rule: R.signInPerAccountAndAddress }
          : { key: signInAccountKey(email), rule: R.signInPerAccount },
      );
    }
  } else if (path === "/sign-up/email") {
    limits.push({ key: rateKey("sign-up", address), rule: R.signUpPerAddress });
    if (email) limits.push({ key: rateKey("mail-account", email), rule: R.emailPerAccount });
  } else if (path === "/request-password-reset" || path === "/send-verification-email") {
    limits.push({ key: rateKey("mail", address), rule: R.emailPerAddress });
    if (email) limits.push({ key: rateKey("mail-account", email), rule: R.emailPerAccount });
  } else if (path === "/sign-in/magic-link") {
    limits.push({ key: rateKey("mail", address), rule: R.emailPerAddress });
    // A count of its own: only sign-in link requests spend it, and each sent the owner a link that
    // works for as long as the window lasts, so whoever spends it cannot leave the owner without one.
    if (email) limits.push({ key: rateKey("sign-in-link-account", email), rule: R.signInLinkPerAccount });
  }
  return limits;
}

/**
 * What a successful answer says, in Portuguese, where better-auth says something in English (issue
 * 20: "If this email exists in our system, check your email for the reset link"). A `message`
 * of any other path is dropped: no English reaches a person, even in an answer that went well.
 */
const SUCCESS_MESSAGES: Record<string, string> = {
  "/request-password-reset": "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha.",
};

/** A copy of better-auth's answer in the shop's shape. */
async function shopResponse(path: string, response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.status >= 400) {
    const { code, message } = (body ?? {}) as { code?: string; message?: string };
    return new Response(JSON.stringify(translateAuthError(response.status, code, message)), { status: response.status, headers });
  }
  if (path === "/sign-up/email") {
    // The same answer whether the e-mail was new or already had an account.
    return new Response(JSON.stringify({ status: true }), { status: response.status, headers });
  }
  if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
    const record = body as { message?: string };
    if (SUCCESS_MESSAGES[path]) record.message = SUCCESS_MESSAGES[path];
    else delete record.message;
  }
  if (body && typeof body === "object") {
    // The session token lives in an HttpOnly cookie; it has no business in a body scripts can read.
    const record = body as { token?: unknown; session?: { token?: unknown } | null };
    delete record.token;
    if (record.session && typeof record.session === "object") delete record.session.token;
  }
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

export function mountAuthRoutes(api: Hono<AppEnv>): void {
  api.on(["GET", "POST"], "/auth/*", async (c) => {
    const services = c.get("services");
    const path = c.req.path.slice(AUTH_BASE_PATH.length);
    if (ROUTES[path] !== c.req.method) throw new ApiError(404, "not_found", "Recurso não encontrado.");
    // Changing an account needs its session: 401 first, whatever the body says.
    if (AUTH_OPERATIONS[path as keyof typeof AUTH_OPERATIONS].access === "session") await requireUser(c);
    const secret = authSecret(services.config);
    const address = clientAddress(c, services.config.TRUST_PROXY);
    const bucket = normalizeAddress(address);

    const body = c.req.method === "POST" ? await c.req.text() : undefined;
    const contentType = (c.req.header("content-type") ?? "").toLowerCase();
    refuseControlCharacters(c.req.query());
    if (body !== undefined) refuseControlCharacters(bodyData(body, contentType));
    const email = body === undefined ? undefined : emailOf(body, contentType);
    const limits = c.req.method === "POST" ? limitsFor(c, path, bucket, email, secret) : [];
    for (const limit of limits) {
      const decision = await consumeRate(services.db, limit.key, limit.rule);
      if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    }

    const linkEmail = path === "/magic-link/verify" ? await signInLinkEmail(services.db, c.req.query("token")) : undefined;

    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, address);
    const request = new Request(c.req.url, { method: c.req.method, headers, body });
    const response = await authFor(services).handler(request);

    if (path === "/sign-in/email" && response.ok && email) {
      // Knowing the password is not guessing: this account and address start afresh, the attempt
      // is given back to the account's counter, and this browser is remembered as the customer's.
      await resetRate(services.db, rateKey("sign-in-account-address", email, bucket));
      await refundRate(services.db, signInAccountKey(email));
      const shaped = await shopResponse(path, response);
      shaped.headers.append("set-cookie", deviceCookie(services, secret, email));
      return shaped;
    }
    if (linkEmail && opensSession(response)) {
      // A sign-in link proves the mailbox: this browser is remembered as the customer's, so its
      // password sign-ins are not held by the per-account limit an attacker may be filling.
      const shaped = await shopResponse(path, response);
      const withDevice = new Response(shaped.body, { status: shaped.status, headers: new Headers(shaped.headers) });
      withDevice.headers.append("set-cookie", deviceCookie(services, secret, linkEmail));
      return withDevice;
    }
    return shopResponse(path, response);
  });
}
