import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { emailSchema, passwordProblem } from "#domain/auth/auth-schemas.ts";
import type { Database } from "#platform/db/client.ts";
import { accounts, adminEmails, sessions, users } from "#platform/db/tables/auth.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";

/** Who the audit log names for a change made with `npm run admin:create`. */
export const ADMIN_CREATE_ACTOR = "linha de comando (npm run admin:create)";

export type CreatedAdmin = { email: string; created: boolean; password: string; generated: boolean };

export class CreateAdminError extends Error {}

/**
 * `npm run admin:create -- email`: the first admin, or promoting an existing account. The account
 * ends up verified, with a password the operator knows (given, or generated and printed), its
 * e-mail in the admin table, and no session left open: whoever had signed up with that address
 * before (anyone can) is locked out of it.
 */
export async function createAdmin(db: Database, rawEmail: string, givenPassword?: string): Promise<CreatedAdmin> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new CreateAdminError(`e-mail inválido: ${rawEmail}`);
  const email = parsed.data;
  const generated = !givenPassword;
  const password = givenPassword || randomBytes(15).toString("base64url");
  const problem = passwordProblem(password, email);
  if (problem) throw new CreateAdminError(problem);
  const hash = await hashPassword(password);

  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    let userId = existing?.id;
    if (userId) {
      await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      const updated = await tx
        .update(accounts)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (updated.length === 0) {
        await tx
          .insert(accounts)
          .values({ id: randomBytes(24).toString("base64url"), accountId: userId, providerId: "credential", userId, password: hash });
      }
    } else {
      userId = randomBytes(24).toString("base64url");
      await tx.insert(users).values({ id: userId, name: email.split("@")[0]!, email, emailVerified: true });
      await tx
        .insert(accounts)
        .values({ id: randomBytes(24).toString("base64url"), accountId: userId, providerId: "credential", userId, password: hash });
    }
    const [wasAdmin] = await tx.select({ email: adminEmails.email }).from(adminEmails).where(eq(adminEmails.email, email));
    await tx.insert(adminEmails).values({ email }).onConflictDoNothing();
    // Every change to who is an admin is in the audit log (issue 17 item 8), this one included.
    await recordAudit(tx, {
      actorUserId: null,
      actorLabel: ADMIN_CREATE_ACTOR,
      action: existing ? "admin.promote" : "admin.create",
      entityType: "admin",
      entityId: email,
      before: { account: Boolean(existing), admin: Boolean(wasAdmin) },
      after: { account: true, admin: true },
    });
    return !existing;
  });
  return { email, created, password, generated };
}
