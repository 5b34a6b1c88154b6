/**
 * The account's choice about reminder e-mails (issue 19 item 5; decision 031). LGPD art. 7 I and
 * art. 8: a reminder of a cart left behind is marketing, so it needs the customer's own yes, given
 * on its own and as easy to take back. The choice is a consent event like the cookie dialog's
 * (purpose `marketing_email`, kept as proof): the newest event of the account decides; no event
 * means no.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { authSecret } from "#domain/auth/auth-secret.server.ts";
import { MARKETING_EMAIL_PURPOSE } from "#domain/consent/consent-rules.ts";
import { latestAccountChoice, recordAccountChoice } from "#domain/consent/consent.server.ts";

type Executor = Pick<Database, "select" | "insert">;

export async function marketingEmailAllowed(db: Executor, userId: string): Promise<boolean> {
  return (await latestAccountChoice(db, userId, MARKETING_EMAIL_PURPOSE)) ?? false;
}

/** Records the account's choice (one more event; earlier ones stay as the record of what was chosen when). */
export async function setMarketingEmail(db: Executor, userId: string, granted: boolean): Promise<void> {
  await recordAccountChoice(db, userId, MARKETING_EMAIL_PURPOSE, granted);
}

/**
 * The unsubscribe link's signature: an HMAC of the account id under the shop's secret, so the link
 * works without signing in (an e-mail client may not even have a browser session) and cannot be
 * made for another account. It does not expire: a link in an old e-mail must still stop the mail.
 */
const signatureOf = (config: Config, userId: string) =>
  createHmac("sha256", authSecret(config)).update(`unsubscribe:${userId}`).digest().subarray(0, 16);

export function unsubscribeSignature(config: Config, userId: string): string {
  return signatureOf(config, userId).toString("base64url");
}

export function validUnsubscribeSignature(config: Config, userId: string, signature: string): boolean {
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(config, userId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page the e-mail links to (it asks before it changes anything: mail scanners open links). */
export function unsubscribeUrl(config: Config, userId: string): string {
  const url = new URL("/descadastrar", config.PUBLIC_URL);
  url.searchParams.set("conta", userId);
  url.searchParams.set("assinatura", unsubscribeSignature(config, userId));
  return url.toString();
}
