import type { Context } from "hono";
import type { EndpointGuard } from "#server/http/api.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { isAdminAccount } from "#domain/auth/admins.server.ts";
import { readSessionUser, type SessionUser } from "#domain/auth/session.server.ts";

/**
 * The API's side of the access rules (decision 003; the pages' side is app/lib/guards.server.ts).
 * Every endpoint that needs an account declares USER_ONLY or ADMIN_ONLY: anonymous → 401, not an
 * admin → 403, always in the API's error shape, before the body is read.
 */

export type { SessionUser };

export function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  return readSessionUser(c.get("services"), c.req.raw);
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (user) return user;
  throw new ApiError(401, "unauthorized", "Entre na sua conta para continuar.");
}

export async function isAdmin(c: Context<AppEnv>, user: SessionUser | null): Promise<boolean> {
  return user ? isAdminAccount(c.get("services"), user) : false;
}

export async function requireAdmin(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await requireUser(c);
  if (await isAdmin(c, user)) return user;
  throw new ApiError(403, "forbidden", "Acesso restrito a administradores.");
}

/** Endpoint guards (server/http/api.ts): checked before the body is parsed; the handler gets their user. */
export const USER_ONLY: EndpointGuard = { access: "user", check: (c) => requireUser(c) };
export const ADMIN_ONLY: EndpointGuard = { access: "admin", check: (c) => requireAdmin(c) };
