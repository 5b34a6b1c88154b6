/** What other modules read of an account through the auth module (decision 048): its name, its e-mail. */
import { eq, inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { users } from "#platform/db/tables/auth.ts";

type Reader = Pick<Database, "select">;

/** The account's name as it signed up; null when the account is gone. */
export async function accountName(db: Reader, userId: string): Promise<string | null> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? null;
}

/** The names of these accounts, by id (accounts that are gone are left out). */
export async function accountNames(db: Reader, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export type AccountContact = { id: string; email: string; name: string };

/** Where to write to these accounts (e-mail and name), by id; accounts that are gone are left out. */
export async function accountContacts(db: Reader, userIds: readonly string[]): Promise<Map<string, AccountContact>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}
