/** The referrals operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const referralsRoutes = {
  referral: { method: "get", path: "/account/referral" },
} as const;
