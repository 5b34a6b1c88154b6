import { defineEndpoint } from "#server/http/api.ts";
import { listAdminEmails } from "#domain/auth/admins.server.ts";
import { ADMIN_ONLY, isAdmin, USER_ONLY } from "#server/http/guards.ts";
import { authContract } from "#server/contracts/auth.ts";

/**
 * Spec §7 `is_admin`: is the caller an admin? It answers only about the caller: the e-mail must be
 * the signed-in account's own, and any other e-mail gets `false` (decision 002), so it can never be
 * used to learn who the admins are. Anonymous callers get 401.
 */
export const isAdminEndpoint = defineEndpoint({
  ...authContract.isAdmin,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    if (body.user_email.toLowerCase() !== user.email.toLowerCase()) return false;
    return isAdmin(c, user);
  },
});

/** The admin e-mails (configuration and database); the maintenance panel will edit the second list. */
export const listAdminsEndpoint = defineEndpoint({
  ...authContract.listAdmins,
  guard: ADMIN_ONLY,
  async handler({ c }) {
    return { admins: await listAdminEmails(c.get("services")) };
  },
});
