import { z } from "zod";
import { consentEventSchema } from "#domain/consent/consent-schemas.ts";

/**
 * The account API's answers (server/api/account.ts), browser-safe; the customer panel's calls are
 * typed by them.
 */

/** A saved delivery address as the API answers it (the form's fields, normalised, and its id). */
export const savedAddressSchema = z.object({
  id: z.string(),
  recipientName: z.string(),
  phone: z.string(),
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});

export const addressListSchema = z.object({ addresses: z.array(savedAddressSchema) });

/** The LGPD export: everything kept about the account; only its envelope is fixed here. */
export const accountExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.object({ id: z.string(), email: z.string() }).loose(),
    consent: z.array(consentEventSchema),
  })
  .loose();
