import { z } from "zod";
import { connectionHealthSchema } from "#domain/connections/connection-schemas.ts";

/**
 * The maintenance panel's API (server/api/maintenance.ts, decisions 024 and 025): what it takes and
 * answers. Browser-safe: the panel's calls are typed from these (as types only).
 */

/** Green, amber, red: the panel shows each with a word and an icon, never by colour alone. */
export const healthLevelSchema = z.enum(["green", "amber", "red"]);
export type HealthLevel = z.infer<typeof healthLevelSchema>;

const checkFields = { level: healthLevelSchema, reason: z.string().nullable() };

export const healthSchema = z.object({
  level: healthLevelSchema,
  checkedAt: z.iso.datetime(),
  database: z.object({
    ...checkFields,
    mode: z.enum(["embedded", "external"]),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    sizeBytes: z.number().nullable(),
    version: z.string().nullable(),
    pool: z.object({ inUse: z.number(), max: z.number(), waiting: z.number() }),
  }),
  jobs: z.object({
    ...checkFields,
    queued: z.number(),
    running: z.number(),
    failed: z.number(),
    oldestWaitingSeconds: z.number().nullable(),
    schedules: z.array(z.object({ task: z.string(), lastRunAt: z.iso.datetime().nullable() })),
  }),
  email: z.object({
    ...checkFields,
    transport: z.enum(["smtp", "outbox"]),
    /** The SMTP server's host (never its credentials); null for the outbox. */
    smtpHost: z.string().nullable(),
    /** When the last e-mail left; null when unknown (through SMTP until the e-mail log exists). */
    lastSentAt: z.iso.datetime().nullable(),
    failuresLast24h: z.number(),
    /** Still being tried after a failure. */
    retrying: z.number(),
  }),
  disk: z.object({
    ...checkFields,
    path: z.string(),
    freeBytes: z.number().nullable(),
    totalBytes: z.number().nullable(),
  }),
  build: z.object({ version: z.string(), startedAt: z.iso.datetime(), node: z.string() }),
  /** Melhor Envio and Focus NFe (issue 30 item 7): connected or not, the account, expiry, last refresh and error. */
  connections: z.array(connectionHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;

export const MAINTENANCE_MESSAGE_MAX = 500;
/** What the maintenance page says when the admin wrote nothing. */
export const DEFAULT_MAINTENANCE_MESSAGE = "Estamos fazendo uma manutenção rápida na loja. Volte em alguns minutos.";

export const maintenanceInput = z.strictObject({
  enabled: z.boolean({ error: "Informe se a manutenção fica ligada (true) ou desligada (false)." }),
  message: z
    .string({ error: "A mensagem deve ser um texto." })
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, `A mensagem tem no máximo ${MAINTENANCE_MESSAGE_MAX} caracteres.`)
    .optional(),
});
export type MaintenanceInput = z.infer<typeof maintenanceInput>;

export const maintenanceStateSchema = z.object({
  enabled: z.boolean(),
  /** As the admin wrote it (may be empty: the page then shows DEFAULT_MAINTENANCE_MESSAGE). */
  message: z.string(),
  updatedAt: z.iso.datetime().nullable(),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

export const serverErrorGroupSchema = z.object({
  method: z.string(),
  route: z.string(),
  status: z.number(),
  code: z.string(),
  count: z.number(),
  lastRequestId: z.string(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
});
export const clientErrorGroupSchema = z.object({
  message: z.string(),
  path: z.string(),
  count: z.number(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
});
export const errorListSchema = z.object({ server: z.array(serverErrorGroupSchema), client: z.array(clientErrorGroupSchema) });
export type ErrorList = z.infer<typeof errorListSchema>;

export const clearErrorsInput = z.strictObject({
  olderThanDays: z
    .number({ error: "Informe quantos dias (um número inteiro)." })
    .int("Informe um número inteiro de dias.")
    .min(0, "Os dias não podem ser negativos.")
    .max(3650, "No máximo 3650 dias."),
});
export const clearedErrorsSchema = z.object({ server: z.number(), client: z.number() });

export const CLEANUP_KINDS = ["stale-carts", "expired-pix", "read-notifications", "expired-sessions"] as const;
export type CleanupKind = (typeof CLEANUP_KINDS)[number];
/** Which clean-ups take an age in days (the others have a deadline of their own). */
export const CLEANUPS_WITH_DAYS: ReadonlySet<CleanupKind> = new Set(["stale-carts", "read-notifications"]);
export const DEFAULT_CLEANUP_DAYS = { "stale-carts": 30, "read-notifications": 90 } as const;

const daysField = z.coerce
  .number({ error: "Informe quantos dias (um número inteiro)." })
  .int("Informe um número inteiro de dias.")
  .min(1, "No mínimo 1 dia.")
  .max(3650, "No máximo 3650 dias.");

export const cleanupPreviewQuery = z.strictObject({
  cartDays: daysField.default(DEFAULT_CLEANUP_DAYS["stale-carts"]),
  notificationDays: daysField.default(DEFAULT_CLEANUP_DAYS["read-notifications"]),
});
export const cleanupPreviewSchema = z.object({
  cleanups: z.array(z.object({ kind: z.enum(CLEANUP_KINDS), count: z.number(), days: z.number().nullable() })),
});
export type CleanupPreview = z.infer<typeof cleanupPreviewSchema>;

export const cleanupRunInput = z.strictObject({ days: daysField.optional() });
export const cleanupResultSchema = z.object({ kind: z.enum(CLEANUP_KINDS), removed: z.number() });
