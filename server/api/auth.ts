import { adminListSchema, isAdminAnswerSchema, isAdminInput } from "#domain/auth/auth-api-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { listAdminEmails } from "#domain/auth/admins.server.ts";
import { ADMIN_ONLY, isAdmin, USER_ONLY } from "#server/http/guards.ts";

/**
 * Spec §7 `is_admin`: is the caller an admin? It answers only about the caller: the e-mail must be
 * the signed-in account's own, and any other e-mail gets `false` (decision 002), so it can never be
 * used to learn who the admins are. Anonymous callers get 401.
 */
export const isAdminEndpoint = defineEndpoint({
  method: "post",
  path: "/rpc/is_admin",
  operationId: "isAdmin",
  summary: "Diz se a conta conectada, identificada pelo seu e-mail, é administradora",
  tag: "contas",
  guard: USER_ONLY,
  body: isAdminInput,
  response: isAdminAnswerSchema,
  async handler({ body, c, user }) {
    if (body.user_email.toLowerCase() !== user.email.toLowerCase()) return false;
    return isAdmin(c, user);
  },
});

/** The admin e-mails (configuration and database); the maintenance panel will edit the second list. */
export const listAdminsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/admins",
  operationId: "listAdmins",
  summary: "Lista os e-mails de administradores e de onde vêm",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: adminListSchema,
  async handler({ c }) {
    return { admins: await listAdminEmails(c.get("services")) };
  },
});
