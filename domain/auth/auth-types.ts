import type { z } from "zod";
import type { authUserSchema } from "#domain/auth/auth-api-schemas.ts";

/** The signed-in user as the browser knows it (no tokens: the session lives in an HttpOnly cookie). */
export type AuthUser = z.infer<typeof authUserSchema>;

export type AuthState = { user: AuthUser | null; isAdmin: boolean };

/**
 * Changes of the session (spec §4, §6). Admin status is checked again on SIGNED_IN, SIGNED_OUT,
 * USER_UPDATED and PASSWORD_RECOVERY, never on TOKEN_REFRESHED.
 */
export type AuthEvent = "SIGNED_IN" | "SIGNED_OUT" | "USER_UPDATED" | "PASSWORD_RECOVERY" | "TOKEN_REFRESHED";

export const ANONYMOUS: AuthState = { user: null, isAdmin: false };
