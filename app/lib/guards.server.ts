import { data, redirect, type RouterContextProvider } from "react-router";
import { ANONYMOUS, type AuthState } from "#domain/auth/auth-types.ts";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { signInPath } from "#app/lib/safe-next.ts";
import { isAdminAccount } from "#domain/auth/admins.server.ts";
import { readSessionUser, type SessionUser } from "#domain/auth/session.server.ts";

/**
 * The pages' side of the access rules (decision 003; the API's side is server/http/guards.ts).
 * Every loader and action that needs an account calls requireUser or requireAdmin; they throw, so a
 * loader only continues with a user it may serve: anonymous → redirect to /auth?next=<this page>;
 * not an admin → a 403 page.
 */

/** What a React Router loader or action receives. */
export type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; url?: URL };

/** The page the visitor asked for (client navigations fetch `/x.data`; the page is `/x`). */
function pagePath(target: PageArgs): string {
  const url = target.url ?? new URL(target.request.url);
  const pathname = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return pathname + (query ? `?${query}` : "");
}

export function currentUser(args: PageArgs): Promise<SessionUser | null> {
  return readSessionUser(getAppContext(args.context).services, args.request);
}

export async function isAdmin(args: PageArgs, user: SessionUser | null): Promise<boolean> {
  return user ? isAdminAccount(getAppContext(args.context).services, user) : false;
}

/** To /auth, and back to this page once signed in. */
export function signInRedirect(args: PageArgs): Response {
  return redirect(signInPath(pagePath(args)));
}

export async function requireUser(args: PageArgs): Promise<SessionUser> {
  const user = await currentUser(args);
  if (user) return user;
  throw signInRedirect(args);
}

export async function requireAdmin(args: PageArgs): Promise<SessionUser> {
  const user = await requireUser(args);
  if (await isAdmin(args, user)) return user;
  throw data({ reason: "admin_only" }, { status: 403 });
}

/**
 * What the root loader hands the browser about the session: the user (never a token) and admin
 * status. When the database cannot answer, the page still renders, as a visitor's.
 */
export async function sessionState(args: PageArgs): Promise<AuthState> {
  try {
    const user = await currentUser(args);
    return { user, isAdmin: await isAdmin(args, user) };
  } catch (error) {
    getAppContext(args.context).services.logger.warn({ err: error }, "could not read the session; rendering as a visitor");
    return ANONYMOUS;
  }
}
