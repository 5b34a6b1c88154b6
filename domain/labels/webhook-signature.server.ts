/**
 * Melhor Envio's webhook signature (decision 079): X-ME-Signature is the HMAC-SHA256 of the raw body
 * keyed with the OAuth app's client secret. Its encoding is not documented and integrators disagree,
 * so base64 and hex are both accepted, with or without a "sha256=" prefix; the comparison is
 * timing-safe.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function isAuthenticMelhorEnvioWebhook(secret: string | undefined, rawBody: string, header: string | undefined): boolean {
  if (!secret || !header) return false;
  const given = header.trim().replace(/^sha256=/i, "");
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  const decoded = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, "hex") : Buffer.from(given, "base64");
  return decoded.length === expected.length && timingSafeEqual(decoded, expected);
}
