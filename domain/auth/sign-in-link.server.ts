import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Database } from "#platform/db/client.ts";
import { verifications } from "#platform/db/tables/auth.ts";
import type { MailMessage } from "#platform/mail/mailer.ts";
import type { Logger } from "#platform/logger.ts";
import { AUTH_RATE_RULES } from "#platform/rate-limit.ts";
import { signInLinkMessage } from "#domain/notifications/mail-templates.ts";

/**
 * How long an e-mailed sign-in link works (one use): as long as the window of its per-account
 * limit, so whoever spends that limit has sent the owner links that still work.
 */
export const SIGN_IN_LINK_SECONDS = AUTH_RATE_RULES.signInLinkPerAccount.windowSeconds;

/**
 * The page a sign-in link opens: it shows a button that signs in (server/http/auth-routes.ts's
 * magic-link verify), so a mail scanner that fetches the link does not spend it.
 */
export function signInLinkPage(origin: string, token: string, next: string): string {
  const url = new URL("/auth", origin);
  url.searchParams.set("modo", "link");
  url.searchParams.set("token", token);
  if (next !== "/") url.searchParams.set("next", next);
  return url.toString();
}

/**
 * The e-mailed one-time sign-in link (better-auth's magic-link plugin), decision 016: the way in
 * for the owner of an account whose password guesses are being blocked (the per-account limit).
 * It signs in existing accounts only, and answers the same whether or not the e-mail has one: the
 * account is looked up, and the e-mail sent, after the answer. The stored token is its SHA-256.
 */
export function signInLinkPlugin(options: { origin: string; logger: Logger; send: (write: (shop: string) => MailMessage) => void }) {
  return magicLink({
    expiresIn: SIGN_IN_LINK_SECONDS,
    disableSignUp: true,
    storeToken: "hashed",
    sendMagicLink({ email, token, url }, ctx) {
      const next = new URL(url).searchParams.get("callbackURL") ?? "/";
      const lookUpAndSend = async () => {
        const found = await ctx?.context.internalAdapter.findUserByEmail(email);
        if (!found) return;
        options.send((shop) =>
          signInLinkMessage({
            shop,
            to: found.user.email,
            name: found.user.name,
            url: signInLinkPage(options.origin, token, next),
            expiresInMinutes: SIGN_IN_LINK_SECONDS / 60,
          }),
        );
      };
      void lookUpAndSend().catch((error: unknown) => options.logger.error({ err: error }, "sign-in link not sent"));
    },
  });
}

/**
 * The e-mail a sign-in link was sent to, read before the link is spent (better-auth keeps it beside
 * the token's SHA-256, `storeToken: "hashed"`); undefined for a token it does not know.
 */
export async function signInLinkEmail(db: Database, token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  const stored = createHash("sha256").update(token).digest("base64url");
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `magic-link:${stored}`));
  try {
    const email = row ? (JSON.parse(row.value) as { email?: unknown }).email : undefined;
    return typeof email === "string" ? email.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
