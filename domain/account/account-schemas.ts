import { z } from "zod";
import { consentEventSchema } from "#domain/consent/consent-schemas.ts";
import { storedAddressSchema } from "#domain/shipping/address-schema.ts";

/**
 * The account API's answers (server/api/account.ts), browser-safe; the customer panel's calls are
 * typed by them.
 */

/** A saved delivery address as the API answers it (the form's fields, normalised, and its id). */
export const savedAddressSchema = storedAddressSchema.extend({ id: z.string() });

export const addressListSchema = z.object({ addresses: z.array(savedAddressSchema) });

/** The LGPD export: everything kept about the account; only its envelope is fixed here. */
export const accountExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.object({ id: z.string(), email: z.string() }).loose(),
    consent: z.array(consentEventSchema),
  })
  .loose();

/** Confirmation word typed to delete an account (a click alone is too easy). */
export const DELETE_CONFIRMATION = "EXCLUIR";

export const deleteAccountSchema = z.object({
  password: z.string({ error: "Informe sua senha." }).min(1, "Informe sua senha.").max(128),
  confirmation: z.literal(DELETE_CONFIRMATION, `Digite ${DELETE_CONFIRMATION} para confirmar.`),
});
