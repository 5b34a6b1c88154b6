import { z } from "zod";

/**
 * GET /api/account/referral (decision 027): the link, `totalCredits` (spec §3 total_credits, the
 * ledger's sum, in cents) as before, and now the people referred and the ledger itself.
 */
export const creditEntryKinds = ["referral_reward", "order_payment", "order_return"] as const;

export const referralSummarySchema = z.object({
  code: z.string(),
  link: z.string(),
  totalCredits: z.number().int(),
  /** First names only, newest first; `rewarded`: their first paid order earned the credit. */
  referred: z.array(z.object({ firstName: z.string(), joinedAt: z.string(), rewarded: z.boolean() })),
  /** Newest first; amounts signed (a payment is negative). */
  entries: z.array(
    z.object({
      kind: z.enum(creditEntryKinds),
      amountCents: z.number().int(),
      orderNumber: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
export type CreditEntryView = ReferralSummary["entries"][number];

/** What each ledger entry reads as in the panel. */
export const CREDIT_ENTRY_LABELS: Record<CreditEntryView["kind"], string> = {
  referral_reward: "Indicação com primeiro pedido pago",
  order_payment: "Usado no pedido",
  order_return: "Devolvido (pedido cancelado)",
};
