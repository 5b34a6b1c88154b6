import { z } from "zod";
import { CONSENT_PURPOSES, CONSENT_VERSIONS, RECORDED_PURPOSES } from "#domain/consent/consent-rules.ts";

/** The consent API's body and answers (server/api/consent.ts), and the export's consent events. */

export const consentRequestSchema = z.strictObject({
  /** The browser's own random id (kept in its storage), so a visitor's events belong together. */
  browserId: z.uuid("Identificador do navegador inválido."),
  version: z.enum(CONSENT_VERSIONS, "Versão dos termos desconhecida. Recarregue a página."),
  choices: z
    .array(
      z.strictObject({
        purpose: z.enum(CONSENT_PURPOSES, "Finalidade de consentimento desconhecida."),
        granted: z.boolean("Informe se a finalidade foi aceita."),
      }),
      "Informe as escolhas de consentimento.",
    )
    .min(1, "Informe ao menos uma escolha.")
    .max(CONSENT_PURPOSES.length, "Escolhas demais.")
    .refine((choices) => new Set(choices.map((choice) => choice.purpose)).size === choices.length, "Cada finalidade aparece uma vez só."),
});
export type ConsentRequest = z.output<typeof consentRequestSchema>;

export const consentEventSchema = z.object({
  purpose: z.enum(RECORDED_PURPOSES),
  granted: z.boolean(),
  version: z.string(),
  browserId: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

export const recordedConsentSchema = z.object({ recorded: z.number().int() });

/** After signing up or in: the browser whose events (the 18+ gate's, the cookie dialog's) join the account. */
export const joinConsentSchema = z.strictObject({ browserId: z.uuid("Identificador do navegador inválido.") });
export const joinedConsentSchema = z.object({ joined: z.number().int() });
