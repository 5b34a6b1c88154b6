import { z } from "zod";
import { emailSchema } from "#domain/auth/auth-schemas.ts";

/**
 * What the browser reads from /api/auth/* (better-auth's answers) and what /api/rpc/is_admin and
 * /api/admin/admins take and answer (server/api/auth.ts). Apart from auth-schemas.ts (the forms'
 * schemas, which the pages run): the pages need only these types (auth-types.ts, auth-client.ts),
 * so they do not carry these schemas.
 */

/** The signed-in user as the browser knows it (no tokens: the session lives in an HttpOnly cookie). */
export const authUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() });

/** better-auth's GET /api/auth/get-session, as far as the browser reads it: null without a session. */
export const sessionAnswerSchema = z.object({ user: authUserSchema.loose().optional() }).loose().nullable();

/** Spec §7 `is_admin`: asks about the caller's own e-mail only (decision 002). */
export const isAdminInput = z.strictObject({ user_email: z.string().trim().min(1).max(254) });
export const isAdminAnswerSchema = z.boolean();

export const adminListSchema = z.object({
  admins: z.array(z.object({ email: z.string(), source: z.enum(["config", "database"]) })),
});

/** The maintenance panel adds an admin by e-mail (they become admin once the address is confirmed). */
export const addAdminInput = z.strictObject({ email: emailSchema });
