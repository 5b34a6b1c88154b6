import { getEmail, listEmails, resendEmail, sendTestEmail } from "#domain/email-queue/email-queue.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { emailQueueContract } from "#server/contracts/email-queue.ts";

/** The maintenance panel's e-mail queue (issue 18 item 3; decision 026). Admins only. */

export const adminListEmailsEndpoint = defineEndpoint({
  ...emailQueueContract.adminListEmails,
  guard: ADMIN_ONLY,
  async handler({ query, c }) {
    return listEmails(c.get("services").db, query);
  },
});

export const adminGetEmailEndpoint = defineEndpoint({
  ...emailQueueContract.adminGetEmail,
  guard: ADMIN_ONLY,
  async handler({ params, c }) {
    return getEmail(c.get("services").db, params.id);
  },
});

export const adminResendEmailEndpoint = defineEndpoint({
  ...emailQueueContract.adminResendEmail,
  guard: ADMIN_ONLY,
  async handler({ params, c, user: admin }) {
    return resendEmail(c.get("services"), params.id, admin.id);
  },
});

export const adminTestEmailEndpoint = defineEndpoint({
  ...emailQueueContract.adminTestEmail,
  guard: ADMIN_ONLY,
  async handler({ c, user: admin }) {
    return sendTestEmail(c.get("services"), admin.id);
  },
});

export const emailQueueEndpoints = [adminListEmailsEndpoint, adminGetEmailEndpoint, adminResendEmailEndpoint, adminTestEmailEndpoint];
