/** The auth module's part of an account's deletion (LGPD, decision 018), in the deletion's transaction. */
import { eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { accounts, sessions, users, verifications } from "#platform/db/tables/auth.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Locks the account's row until the deletion commits; its e-mail, or null when it is already gone. */
export async function lockAccountEmail(tx: Tx, userId: string): Promise<string | null> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  return user?.email ?? null;
}

/**
 * Deletes the account with its sign-ins: pending reset links (they point at the user by id), its
 * sessions (every device is signed out), its password, then the user row, whose foreign keys take
 * the rows other modules keep by it (saved addresses, the saved CPF).
 */
export async function deleteAuthAccount(tx: Tx, userId: string): Promise<void> {
  await tx.delete(verifications).where(eq(verifications.value, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}
