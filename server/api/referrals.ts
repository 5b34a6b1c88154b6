import { referralSummary } from "#domain/referrals/referrals.server.ts";
import { referralSummarySchema } from "#domain/referrals/referral-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { USER_ONLY } from "#server/http/guards.ts";

/** The customer's referral link and credit (issue 19, decision 027). */

export const referralEndpoint = defineEndpoint({
  method: "get",
  path: "/account/referral",
  operationId: "getReferral",
  summary: "Link de indicação da conta conectada e o total de créditos (total_credits)",
  tag: "conta",
  guard: USER_ONLY,
  response: referralSummarySchema,
  async handler({ c, user }) {
    const { db, config } = c.get("services");
    return referralSummary(db, config.PUBLIC_URL, user.id);
  },
});
