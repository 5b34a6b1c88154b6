import { z } from "zod";
import { CONSENT_PURPOSES } from "#domain/consent/consent-rules.ts";
import { orderSummarySchema } from "#domain/orders/order-schemas.ts";

/** The admin's customers (issue 17 item 3): GET /api/admin/customers and /api/admin/customers/{id}. */

/** Customers per page: a phone screen or two of cards. */
export const CUSTOMER_PAGE_SIZE = 20;
/** A search shorter than this many digits is not looked for in CPFs and phones (too many matches to mean anything). */
export const MIN_SEARCH_DIGITS = 3;

const pageNumber = z.coerce
  .number({ error: "Página inválida." })
  .int("Página inválida.")
  .min(1, "Página inválida.")
  .max(10_000, "Página inválida.")
  .default(1);

export const customerQuerySchema = z.object({
  /** A name, an e-mail, a CPF or a phone, or part of one; CPF and phone with or without punctuation. */
  q: z
    .string()
    .trim()
    .max(100, "A busca tem no máximo 100 caracteres.")
    .optional()
    .transform((value) => value || undefined),
  page: pageNumber,
});

export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  orderCount: z.number().int(),
  /** Paid orders, less refunds (the dashboard's revenue rule). */
  totalSpentCents: z.number().int(),
  lastOrderAt: z.string().nullable(),
  /** The CPF of their newest order with a delivery address (11 digits), if any. */
  cpf: z.string().nullable(),
  /** Their newest phone: of an order's address, else of a saved address (digits). */
  phone: z.string().nullable(),
});

export const customerPageSchema = z.object({
  customers: z.array(customerSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many customers match the search, on every page. */
  total: z.number().int(),
  hasMore: z.boolean(),
});

export const consentStateSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  /** The account's latest choice for the purpose; "never" when it made none while signed in. */
  state: z.enum(["granted", "refused", "never"]),
  version: z.string().nullable(),
  recordedAt: z.string().nullable(),
});

export const customerDetailSchema = customerSummarySchema.extend({
  emailVerified: z.boolean(),
  /** Every CPF and phone their orders and saved addresses carry, newest first. */
  cpfs: z.array(z.string()),
  phones: z.array(z.string()),
  orders: z.array(orderSummarySchema),
  consent: z.array(consentStateSchema),
  /** Their referral link(s) and the credits earned (spec §7 total_credits); null before they opened it. */
  referral: z.object({ codes: z.array(z.string()), totalCredits: z.number().int() }).nullable(),
});

/** A validated search: `q` absent lists everyone. */
export type CustomerQuery = { q?: string | undefined; page: number };
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export type CustomerPage = z.infer<typeof customerPageSchema>;
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
export type ConsentState = z.infer<typeof consentStateSchema>;
