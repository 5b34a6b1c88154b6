/**
 * The checkout's attempts (idempotency keys) are checkout's table (decision 048): deleting an account
 * has checkout forget the person's attempts, inside the deletion's transaction.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { idempotencyKeys } from "#platform/db/tables/checkout.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Deletes the person's checkout attempts (LGPD deletion; domain/account cannot import checkout, so server/api passes this in). */
export async function forgetCheckoutAttempts(tx: Tx, userId: string): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}
