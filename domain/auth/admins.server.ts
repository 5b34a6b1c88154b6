import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import type { AppServices } from "#platform/services.ts";
import { adminEmails, users } from "#platform/db/tables/auth.ts";

/**
 * Admin status, decided here and nowhere else: the account's e-mail is listed (ADMIN_EMAILS or the
 * admin_emails table) AND the account has proved it owns that address through the e-mailed link.
 * Without the second half, anyone could sign up first with an admin's address.
 */
export async function isAdminAccount(
  services: Pick<AppServices, "config" | "db">,
  user: { email: string; emailVerified: boolean },
): Promise<boolean> {
  if (!user.emailVerified) return false;
  const email = user.email.trim().toLowerCase();
  if (services.config.ADMIN_EMAILS.includes(email)) return true;
  const rows = await services.db.select({ email: adminEmails.email }).from(adminEmails).where(eq(adminEmails.email, email)).limit(1);
  return rows.length > 0;
}

/** Every admin e-mail with where it comes from (for the admin pages). */
export async function listAdminEmails(services: Pick<AppServices, "config" | "db">) {
  const stored = await services.db.select({ email: adminEmails.email }).from(adminEmails).orderBy(adminEmails.email);
  const fromConfig = services.config.ADMIN_EMAILS.map((email) => ({ email, source: "config" as const }));
  const fromDatabase = stored
    .filter((row) => !services.config.ADMIN_EMAILS.includes(row.email))
    .map((row) => ({ email: row.email, source: "database" as const }));
  return [...fromConfig, ...fromDatabase];
}

/** Ids of every admin account (decision 003's rule: listed e-mail AND verified). */
export async function adminUserIds(
  services: Pick<AppServices, "config" | "db">,
  executor: Pick<Database, "select"> = services.db,
): Promise<string[]> {
  const listed = services.config.ADMIN_EMAILS;
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.emailVerified, true),
        or(
          listed.length > 0 ? inArray(users.email, listed) : sql`false`,
          sql`${users.email} in (select ${adminEmails.email} from ${adminEmails})`,
        ),
      ),
    );
  return rows.map((row) => row.id);
}
