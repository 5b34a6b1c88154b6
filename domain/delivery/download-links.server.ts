/**
 * Signed, expiring download links (decision 030). A link names the order and the product and
 * carries its expiry and an HMAC-SHA256, under the shop's secret, of those and the buyer's account
 * id: it cannot be made, stretched or moved to another order, and even a forwarded link serves the
 * file only to the buyer signed in (the account id is not in the link, it is checked against the
 * session). Nothing is stored: a link is valid until its time is up, and a new one can be made at
 * any moment by the buyer.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "#platform/config.ts";
import { authSecret } from "#domain/auth/auth-secret.server.ts";
import type { DownloadLink } from "#domain/delivery/delivery-schemas.ts";

/** How long a link works: a day, long enough to open the e-mail on another device, short enough that a leaked one dies. */
export const DOWNLOAD_LINK_HOURS = 24;
export const DOWNLOAD_PATH = "/download";

export type DownloadSubject = { orderId: string; productId: string; userId: string };

const signatureOf = (secret: string, subject: DownloadSubject, expires: number) =>
  createHmac("sha256", secret).update(`download:v1:${subject.orderId}:${subject.productId}:${subject.userId}:${expires}`).digest();

export const downloadPathOf = (orderId: string, productId: string) =>
  `${DOWNLOAD_PATH}/${encodeURIComponent(orderId)}/${encodeURIComponent(productId)}`;

/** A new link for the buyer, valid DOWNLOAD_LINK_HOURS from `now`. */
export function signDownloadLink(config: Config, subject: DownloadSubject, now = Date.now()): DownloadLink {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_HOURS * 3600;
  const signature = signatureOf(authSecret(config), subject, expires).toString("base64url");
  const query = new URLSearchParams({ expira: String(expires), assinatura: signature });
  return { url: `${downloadPathOf(subject.orderId, subject.productId)}?${query}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** "valid", "expired" (the signature is right, its time is up) or "invalid" (not made by the shop for this buyer). */
export function checkDownloadSignature(
  config: Config,
  subject: DownloadSubject,
  link: { expira: string; assinatura: string },
  now = Date.now(),
): "valid" | "expired" | "invalid" {
  const expires = Number(link.expira);
  const given = Buffer.from(link.assinatura, "base64url");
  const expected = signatureOf(authSecret(config), subject, expires);
  if (!Number.isSafeInteger(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expires * 1000 > now ? "valid" : "expired";
}
