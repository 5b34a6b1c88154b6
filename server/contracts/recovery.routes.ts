/** The recovery operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const recoveryRoutes = {
  getMarketingEmail: { method: "get", path: "/account/marketing-emails" },
  setMarketingEmail: { method: "put", path: "/account/marketing-emails" },
  unsubscribe: { method: "post", path: "/unsubscribe" },
} as const;
