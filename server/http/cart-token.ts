/**
 * The anonymous cart's token (issue 16 item 9, decision 017): issued by the server, never chosen by
 * the browser. It is 256 random bits plus a MAC under the auth secret, kept in an HttpOnly cookie,
 * so a value the server did not issue (all zeros, a guess, another browser's id) reaches no cart.
 * The cart's session id (carts.session_id, the `session:` realtime topic, spec §3's `cartSessionId`)
 * is derived from the token by a one-way hash: knowing it grants nothing.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "#platform/config.ts";
import { authSecret } from "#domain/auth/auth-secret.server.ts";

export const CART_COOKIE = "loja.cart";

const RANDOM_BYTES = 32;
const MAC_BYTES = 16;
/** A visitor's cart outlives a visit: 60 days from its last add. */
const COOKIE_MAX_AGE_S = 60 * 24 * 60 * 60;
const TOKEN_SHAPE = /^[\w-]{43}\.[\w-]{22}$/;
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${CART_COOKIE.replace(".", "\\.")}=([^;]*)`);

const macOf = (secret: string, random: string) => createHmac("sha256", secret).update(`cart:${random}`).digest().subarray(0, MAC_BYTES);

/** A new token: random bits and their MAC. */
export function issueCartToken(config: Config): string {
  const random = randomBytes(RANDOM_BYTES).toString("base64url");
  return `${random}.${macOf(authSecret(config), random).toString("base64url")}`;
}

/** The token when the server issued it (its MAC checks), else null. */
export function verifiedCartToken(config: Config, value: string | undefined): string | null {
  if (!value || !TOKEN_SHAPE.test(value)) return null;
  const [random = "", mac = ""] = value.split(".");
  const expected = macOf(authSecret(config), random);
  const given = Buffer.from(mac, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** The cart session id of a token: a UUID (version 8, "custom") of its SHA-256, so old ids (v4) never match one. */
export function cartSessionIdOf(token: string): string {
  const bytes = createHash("sha256").update(token).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The cart cookie's raw value in a Cookie header. */
export function cartCookieValue(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? COOKIE_PATTERN.exec(cookieHeader)?.[1] : undefined;
}

/** The browser's cart session from its Cookie header: the verified token and its id, or nulls. */
export function cartSessionOf(config: Config, cookieHeader: string | undefined): { token: string | null; sessionId: string | null } {
  const token = verifiedCartToken(config, cartCookieValue(cookieHeader));
  return { token, sessionId: token && cartSessionIdOf(token) };
}

/** Set-Cookie of a token: HttpOnly (no script reads it), SameSite=Lax, Secure over https. */
export function cartCookie(token: string, secure: boolean): string {
  return `${CART_COOKIE}=${token}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie that ends the token (its cart joined an account). */
export function endedCartCookie(secure: boolean): string {
  return `${CART_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
