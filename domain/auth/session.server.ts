import type { AppServices } from "#platform/services.ts";
import { authFor } from "#domain/auth/auth.server.ts";
import { hasSessionCookie } from "#domain/auth/auth-paths.ts";

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

const sessionsByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The user this request's session was already read as (undefined when it was not read): never a new read. */
export function sessionReadFor(request: Request): Promise<SessionUser | null> | undefined {
  return sessionsByRequest.get(request);
}

/** The signed-in user of this request, or null; read once per request. */
export function readSessionUser(services: AppServices, request: Request): Promise<SessionUser | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = (async () => {
      // No session cookie, no account: a visitor (who may hold the cart cookie) costs no session read.
      if (!hasSessionCookie(request.headers.get("cookie") ?? undefined)) return null;
      // Read only: refreshing the session (and its cookie) is the job of /api/auth/get-session.
      const result = await authFor(services).api.getSession({ headers: request.headers, query: { disableRefresh: true } });
      if (!result) return null;
      const { id, email, name, emailVerified } = result.user;
      return { id, email, name, emailVerified };
    })();
    sessionsByRequest.set(request, pending);
  }
  return pending;
}
