/**
 * Focus NFe's hook (issue 30 item 3). Focus signs nothing: the secret given when the hook was
 * registered comes back verbatim in the header named then (X-Focus-Token here). A call without it
 * is refused; with it, the body only names the note (ref), which is read back from Focus and applied
 * under the row's lock, so a replay or five copies at once change the note once.
 */
import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { invoices } from "#platform/db/tables/invoices.ts";
import { DomainError } from "#domain/errors.ts";
import { refreshInvoice } from "#domain/invoices/follow-invoices.server.ts";
import type { Services } from "#domain/invoices/invoice-store.server.ts";

/** The header Focus sends the secret in (the hook's `authorization_header`). */
export const FOCUS_WEBHOOK_HEADER = "x-focus-token";

export const focusWebhookNotAuthentic = () =>
  new DomainError("unauthorized", "webhook_not_authentic", "Notificação recusada: token do gatilho inválido.");

function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function receiveFocusWebhook(services: Services, secretHeader: string | undefined, ref: string): Promise<void> {
  if (services.config.INVOICE_PROVIDER !== "focusnfe" || !sameSecret(secretHeader, services.config.FOCUS_NFE_WEBHOOK_SECRET)) {
    throw focusWebhookNotAuthentic();
  }
  const [row] = await services.db.select({ kind: invoices.kind, ref: invoices.ref }).from(invoices).where(eq(invoices.ref, ref));
  // A note of another system on the same Focus account: nothing of ours to change.
  if (!row) return;
  await refreshInvoice(services, row);
}
