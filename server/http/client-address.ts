import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export { CLIENT_ADDRESS_HEADER } from "#domain/auth/auth-paths.ts";

/** Used when the address is unknown (a request made in-process, without a socket). */
export const UNKNOWN_ADDRESS = "0.0.0.0";

/**
 * The rate-limit bucket of an address: IPv4 as is, an IPv4-mapped IPv6 as its IPv4, and other IPv6
 * addresses by their /64 (one customer line gets a whole /64, so counting single addresses
 * would let one attacker rotate through millions).
 */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const version = isIP(trimmed);
  if (version === 4) return trimmed;
  if (version !== 6) return UNKNOWN_ADDRESS;
  const mapped = unmapped(trimmed);
  if (isIP(mapped) === 4) return mapped;
  const [head = "", tail = ""] = trimmed.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = trimmed.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) is "1.2.3.4". */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * The real client address: the socket's peer; behind a trusted reverse proxy (TRUST_PROXY=true),
 * the last address of X-Forwarded-For, the one our proxy appended (anything before it was written
 * by the client and proves nothing). Without a socket (in-process requests) it is UNKNOWN_ADDRESS.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded && isIP(forwarded)) return unmapped(forwarded);
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address && isIP(address)) return unmapped(address);
  } catch {
    // No Node socket behind this request (app.request in tests, or another runtime).
  }
  return UNKNOWN_ADDRESS;
}
