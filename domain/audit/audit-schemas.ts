import { z } from "zod";

/** The audit log's page size: a phone screen or two of entries. */
export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  entityType: z.string().trim().min(1).max(40, "Máximo de 40 caracteres.").optional(),
  entityId: z.string().trim().min(1).max(100, "Máximo de 100 caracteres.").optional(),
  page: z.coerce
    .number({ error: "Página inválida." })
    .int("Página inválida.")
    .min(1, "Página inválida.")
    .max(10_000, "Página inválida.")
    .default(1),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  entityLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});

export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export type AuditQuery = z.infer<typeof auditQuerySchema>;
