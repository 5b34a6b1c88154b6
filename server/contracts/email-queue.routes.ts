/** The email-queue operations' methods and paths (under /api): zod-free, what the browser loads to call them (decision 046). */

export const emailQueueRoutes = {
  adminListEmails: { method: "get", path: "/admin/emails" },
  adminGetEmail: { method: "get", path: "/admin/emails/:id" },
  adminResendEmail: { method: "post", path: "/admin/emails/:id/resend" },
  adminTestEmail: { method: "post", path: "/admin/emails/test" },
} as const;
