import type { z } from "zod";
import { apiClient } from "#app/lib/api-client.ts";
import { fetchJson } from "#app/lib/fetch-json.ts";
import type { sessionAnswerSchema } from "#domain/auth/auth-api-schemas.ts";
import { AUTH_BASE_PATH, type AUTH_OPERATIONS } from "#domain/auth/auth-paths.ts";
import type { AuthUser } from "#domain/auth/auth-types.ts";
import type { authContract } from "#server/contracts/auth.ts";
import { authRoutes } from "#server/contracts/auth.routes.ts";
import { joinConsentToAccount } from "#app/features/consent/join-consent.ts";

/**
 * The browser side of better-auth's operations (AUTH_OPERATIONS, the list the server serves) and of
 * the is_admin check: a few fetch calls instead of a client library, to keep the JavaScript small.
 * Errors come back as ApiCallError (app/lib/fetch-json.ts) with the server's Portuguese message
 * (empty when the server gave none). An operation is named by its key in AUTH_OPERATIONS, so a
 * path the server does not serve does not compile; better-auth's answers are not zod contracts, so
 * only the session's is typed (domain/auth/auth-api-schemas.ts), the others are `unknown`.
 */
type AuthOperation = keyof typeof AUTH_OPERATIONS;
const authPath = (operation: AuthOperation) => `${AUTH_BASE_PATH}${operation}`;
const call = <S extends z.ZodType = z.ZodUnknown>(operation: AuthOperation, init: { method?: string; json?: unknown } = {}) =>
  fetchJson<S>(authPath(operation), init);
const accounts = apiClient<typeof authContract>(authRoutes);

const toUser = (user: AuthUser): AuthUser => ({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified });

export const authClient = {
  /** Reads the session (and renews it when it is due: that is the "token refresh"). */
  async getSession(): Promise<AuthUser | null> {
    const body = await call<typeof sessionAnswerSchema>("/get-session");
    return body?.user ? toUser(body.user) : null;
  },
  async signIn(email: string, password: string) {
    const answer = await call("/sign-in/email", { json: { email, password } });
    joinConsentToAccount(); // the 18+ gate was accepted before signing in (issue 28 item 9)
    return answer;
  },
  signUp: (input: { name: string; email: string; password: string; callbackURL: string }) => call("/sign-up/email", { json: input }),
  signOut: () => call("/sign-out", { json: {} }),
  requestPasswordReset: (email: string) => call("/request-password-reset", { json: { email } }),
  resetPassword: (token: string, newPassword: string) => call("/reset-password", { json: { token, newPassword } }),
  /** The e-mailed one-time sign-in link (decision 016); `next` is where the link lands, signed in. */
  requestSignInLink: (email: string, next: string) => call("/sign-in/magic-link", { json: { email, callbackURL: next } }),
  resendVerification: (email: string, callbackURL: string) => call("/send-verification-email", { json: { email, callbackURL } }),
  updateName: (name: string) => call("/update-user", { json: { name } }),
  changeEmail: (newEmail: string, callbackURL: string) => call("/change-email", { json: { newEmail, callbackURL } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    // Every other session ends: whoever knew the old password is out.
    call("/change-password", { json: { currentPassword, newPassword, revokeOtherSessions: true } }),
  /** Spec §6: decided by the server; any failure means "not an admin". */
  async isAdmin(email: string): Promise<boolean> {
    try {
      return (await accounts.call("isAdmin", { body: { user_email: email } })) === true;
    } catch {
      return false;
    }
  },
};

/**
 * What the sign-in link page's button opens: better-auth spends the token, sets the session
 * cookie and redirects to `next` (or back to the link form with ?error= when the link is spent).
 */
export function signInLinkVerifyUrl(token: string, next: string): string {
  const back = `/auth?modo=link${next !== "/" ? `&next=${encodeURIComponent(next)}` : ""}`;
  const landing = next === "/" ? "/cliente" : next;
  const params = new URLSearchParams({ token, callbackURL: landing, errorCallbackURL: back });
  return `${authPath("/magic-link/verify")}?${params.toString()}`;
}
