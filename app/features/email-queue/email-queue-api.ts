import { apiClient } from "#app/lib/api-client.ts";
import type { EmailStatus } from "#domain/email-queue/email-status.ts";
import type { emailQueueContract } from "#server/contracts/email-queue.ts";
import { emailQueueRoutes } from "#server/contracts/email-queue.routes.ts";

/**
 * The maintenance panel's e-mail calls (server/contracts/email-queue.ts), typed by their contract;
 * errors are ApiCallError with the server's Portuguese message.
 */
const emails = apiClient<typeof emailQueueContract>(emailQueueRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });

export const emailsApi = {
  list: (status: EmailStatus | "", page: number) =>
    emails.call("adminListEmails", { query: { page: String(page), ...(status ? { status } : {}) } }),
  get: (id: string) => emails.call("adminGetEmail", { params: { id } }),
  resend: (id: string) => emails.call("adminResendEmail", { params: { id } }),
  sendTest: () => emails.call("adminTestEmail"),
};

export const emailKeys = {
  all: ["admin-emails"] as const,
  list: (status: string, page: number) => ["admin-emails", "list", status, page] as const,
  one: (id: string) => ["admin-emails", "one", id] as const,
};
