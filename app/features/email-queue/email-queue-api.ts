import type { z } from "zod";
import { fetchJson } from "#app/lib/fetch-json.ts";
import type { emailDetailSchema, emailPageSchema } from "#domain/email-queue/email-queue-schemas.ts";
import type { EmailStatus } from "#domain/email-queue/email-status.ts";

/**
 * The maintenance panel's e-mail calls (server/api/email-queue.ts), typed by their response
 * schemas; errors are ApiCallError with the server's Portuguese message.
 */
const FALLBACK = "Não foi possível concluir. Tente novamente.";
const call = <S extends z.ZodType>(path: string, method = "GET") => fetchJson<S>(`/api${path}`, { method, fallbackMessage: FALLBACK });

export const emailsApi = {
  list: (status: EmailStatus | "", page: number) => {
    const query = new URLSearchParams({ page: String(page) });
    if (status) query.set("status", status);
    return call<typeof emailPageSchema>(`/admin/emails?${query}`);
  },
  get: (id: string) => call<typeof emailDetailSchema>(`/admin/emails/${encodeURIComponent(id)}`),
  resend: (id: string) => call<typeof emailDetailSchema>(`/admin/emails/${encodeURIComponent(id)}/resend`, "POST"),
  sendTest: () => call<typeof emailDetailSchema>("/admin/emails/test", "POST"),
};

export const emailKeys = {
  all: ["admin-emails"] as const,
  list: (status: string, page: number) => ["admin-emails", "list", status, page] as const,
  one: (id: string) => ["admin-emails", "one", id] as const,
};
