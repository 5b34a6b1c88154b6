/** Sessions past their expiry, for the maintenance panel's clean-up (decision 025): counted, then deleted. */
import { count, lt, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { sessions } from "#platform/db/tables/auth.ts";

const expiredSession = () => lt(sessions.expiresAt, sql`now()`);

export async function countExpiredSessions(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(expiredSession());
  return row?.n ?? 0;
}

export async function deleteExpiredSessions(tx: Pick<Database, "delete">): Promise<number> {
  return (await tx.delete(sessions).where(expiredSession()).returning({ id: sessions.id })).length;
}
