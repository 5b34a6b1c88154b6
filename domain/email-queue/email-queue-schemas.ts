import { z } from "zod";
import { EMAIL_STATUSES } from "#domain/email-queue/email-status.ts";

/** The e-mail log's page size (issue 18 item 3): the last messages, a phone screen or two. */
export const EMAIL_PAGE_SIZE = 30;

export const emailQuerySchema = z.object({
  status: z.enum(EMAIL_STATUSES, { error: "Situação inválida: use queued, sent ou failed." }).optional(),
  page: z.coerce
    .number({ error: "Página inválida." })
    .int("Página inválida.")
    .min(1, "Página inválida.")
    .max(10_000, "Página inválida.")
    .default(1),
});

export const emailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  /** Tries made so far (the current one included once it ended). */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The SMTP server's answer, or the connection's error, of the last failed try. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

export const emailDetailSchema = emailSummarySchema.extend({
  /** The message's text part, as the customer's mail program shows it without HTML. */
  text: z.string(),
});

export const emailPageSchema = z.object({
  emails: z.array(emailSummarySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});

export type EmailSummary = z.infer<typeof emailSummarySchema>;
export type EmailDetail = z.infer<typeof emailDetailSchema>;
export type EmailQuery = z.infer<typeof emailQuerySchema>;
