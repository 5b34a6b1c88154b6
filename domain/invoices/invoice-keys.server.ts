/**
 * The NF-e key a label needs (issue 30 items 3 and 4): a shop that ships with NF-e buys an order's
 * label only once its note is authorized, and sends the 44 digits to the carrier.
 * Stub until the invoices module lands: no order has an authorized note yet.
 */
import type { Database } from "#platform/db/client.ts";

/** The 44-digit key of the order's authorized NF-e (without Focus' "NFe" prefix), or null. */
export async function authorizedNfeKey(_db: Pick<Database, "select">, _orderId: string): Promise<string | null> {
  return null;
}
