/**
 * The NF-e key a label needs (issue 30 items 3 and 4): a shop that ships with NF-e buys an order's
 * label only once its note is authorized, and sends the 44 digits to the carrier.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { invoices } from "#platform/db/tables/invoices.ts";

/** The 44-digit key of the order's authorized NF-e (without Focus' "NFe" prefix), or null. */
export async function authorizedNfeKey(db: Pick<Database, "select">, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ accessKey: invoices.accessKey })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "nfe"), eq(invoices.status, "authorized")));
  return row?.accessKey ?? null;
}
