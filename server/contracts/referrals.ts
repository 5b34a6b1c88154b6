import { referralSummarySchema } from "#domain/referrals/referral-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { referralsRoutes } from "#server/contracts/referrals.routes.ts";

export const referralsContract = defineContract(referralsRoutes, {
  referral: {
    operationId: "getReferral",
    summary: "Link de indicação da conta conectada e o total de créditos (total_credits)",
    tag: "conta",
    response: referralSummarySchema,
  },
});
