import type { z } from "zod";
import { fetchJson } from "#app/lib/fetch-json.ts";
import type { isAdminAnswerSchema, sessionAnswerSchema } from "#domain/auth/auth-api-schemas.ts";
import type { AuthUser } from "#domain/auth/auth-types.ts";

/**
 * The browser side of /api/auth/* and /api/rpc/is_admin: a few fetch calls instead of a client
 * library, to keep the JavaScript small. Errors come back as ApiCallError (~/lib/fetch-json) with
 * the server's Portuguese message (empty when the server gave none). Answers the browser reads are
 * typed by their schemas (domain/auth/auth-schemas.ts); the others are `unknown`.
 */
const call = <S extends z.ZodType = z.ZodUnknown>(path: string, init: { method?: string; json?: unknown } = {}) => fetchJson<S>(path, init);

const toUser = (user: AuthUser): AuthUser => ({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified });

export const authClient = {
  /** Reads the session (and renews it when it is due: that is the "token refresh"). */
  async getSession(): Promise<AuthUser | null> {
    const body = await call<typeof sessionAnswerSchema>("/api/auth/get-session");
    return body?.user ? toUser(body.user) : null;
  },
  signIn: (email: string, password: string) => call("/api/auth/sign-in/email", { json: { email, password } }),
  signUp: (input: { name: string; email: string; password: string; callbackURL: string }) =>
    call("/api/auth/sign-up/email", { json: input }),
  signOut: () => call("/api/auth/sign-out", { json: {} }),
  requestPasswordReset: (email: string) => call("/api/auth/request-password-reset", { json: { email } }),
  resetPassword: (token: string, newPassword: string) => call("/api/auth/reset-password", { json: { token, newPassword } }),
  /** The e-mailed one-time sign-in link (decision 016); `next` is where the link lands, signed in. */
  requestSignInLink: (email: string, next: string) => call("/api/auth/sign-in/magic-link", { json: { email, callbackURL: next } }),
  resendVerification: (email: string, callbackURL: string) => call("/api/auth/send-verification-email", { json: { email, callbackURL } }),
  updateName: (name: string) => call("/api/auth/update-user", { json: { name } }),
  changeEmail: (newEmail: string, callbackURL: string) => call("/api/auth/change-email", { json: { newEmail, callbackURL } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    // Every other session ends: whoever knew the old password is out.
    call("/api/auth/change-password", { json: { currentPassword, newPassword, revokeOtherSessions: true } }),
  /** Spec §6: decided by the server; any failure means "not an admin". */
  async isAdmin(email: string): Promise<boolean> {
    try {
      return (await call<typeof isAdminAnswerSchema>("/api/rpc/is_admin", { json: { user_email: email } })) === true;
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
  return `/api/auth/magic-link/verify?${params.toString()}`;
}
