import { accountNames } from "#domain/auth/account-names.server.ts";
import { customerOrderNumbers } from "#domain/orders/order-queries.server.ts";
import { referralSummary } from "#domain/referrals/referrals.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { referralsContract } from "#server/contracts/referrals.ts";

/** The customer's referral link and credit (issue 19, decision 027). */

export const referralEndpoint = defineEndpoint({
  ...referralsContract.referral,
  guard: USER_ONLY,
  async handler({ c, user }) {
    const { db, config } = c.get("services");
    return referralSummary(db, config.PUBLIC_URL, user.id, { accountNames, customerOrderNumbers });
  },
});
