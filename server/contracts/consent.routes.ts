/** The consent operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const consentRoutes = {
  recordConsent: { method: "post", path: "/consent" },
  joinConsent: { method: "post", path: "/consent/join" },
} as const;
