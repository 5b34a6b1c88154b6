import type { Context } from "hono";
import { data, redirect, type RouterContextProvider } from "react-router";
import { signInPath } from "../../app/features/auth/safe-next.ts";
import { appContext } from "../http/app-context.ts";
import type { EndpointGuard } from "../http/api.ts";
import type { AppEnv, AppServices } from "../http/app-env.ts";
import { ApiError } from "../http/errors.ts";
import { isAdminAccount } from "./admins.ts";
import { authFor } from "./auth.ts";

/**
 * The access rules of the shop, in one place (decision 003). Every loader and action that needs an
 * account calls requireUser or requireAdmin, and every such API endpoint declares USER_ONLY or
 * ADMIN_ONLY, which call them; they throw, so a handler only continues with a user it may serve:
 * - a page: anonymous → redirect to /auth?next=<this page>; not an admin → a 403 page;
 * - the API: anonymous → 401; not an admin → 403; always the API's error shape.
 */

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/** What a React Router loader or action receives. */
export type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; url?: URL };
export type AccessTarget = Context<AppEnv> | PageArgs;

function isApi(target: AccessTarget): target is Context<AppEnv> {
  return "req" in target;
}

function servicesOf(target: AccessTarget): AppServices {
  return isApi(target) ? target.get("services") : target.context.get(appContext).services;
}

function requestOf(target: AccessTarget): Request {
  return isApi(target) ? target.req.raw : target.request;
}

/** The page the visitor asked for (client navigations fetch `/x.data`; the page is `/x`). */
function pagePath(target: PageArgs): string {
  const url = target.url ?? new URL(target.request.url);
  const pathname = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return pathname + (query ? `?${query}` : "");
}

const sessionsByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null; read once per request. */
export function readSessionUser(services: AppServices, request: Request): Promise<SessionUser | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = (async () => {
      if (!request.headers.get("cookie")) return null;
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

export function currentUser(target: AccessTarget): Promise<SessionUser | null> {
  return readSessionUser(servicesOf(target), requestOf(target));
}

export async function requireUser(target: AccessTarget): Promise<SessionUser> {
  const user = await currentUser(target);
  if (user) return user;
  if (isApi(target)) throw new ApiError(401, "unauthorized", "Entre na sua conta para continuar.");
  throw redirect(signInPath(pagePath(target)));
}

export async function isAdmin(target: AccessTarget, user: SessionUser | null): Promise<boolean> {
  return user ? isAdminAccount(servicesOf(target), user) : false;
}

export async function requireAdmin(target: AccessTarget): Promise<SessionUser> {
  const user = await requireUser(target);
  if (await isAdmin(target, user)) return user;
  if (isApi(target)) throw new ApiError(403, "forbidden", "Acesso restrito a administradores.");
  throw data({ reason: "admin_only" }, { status: 403 });
}

/** Endpoint guards (server/http/api.ts): checked before the body is parsed; the handler gets their user. */
export const USER_ONLY: EndpointGuard = { access: "user", check: (c) => requireUser(c) };
export const ADMIN_ONLY: EndpointGuard = { access: "admin", check: (c) => requireAdmin(c) };
