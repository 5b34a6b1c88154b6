/** Consent events on the server (LGPD art. 8 §2: the shop must be able to prove each consent). */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { consentEvents } from "#platform/db/tables/consent.ts";
import type { ConsentEvent, ConsentRequest } from "#domain/consent/consent-schemas.ts";
import { CURRENT_CONSENT_VERSION } from "#domain/consent/consent-rules.ts";

type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

/** One row per choice, with the account when the visitor is signed in. Returns how many were kept. */
export async function recordConsent(db: Executor, request: ConsentRequest, userId: string | null): Promise<number> {
  const rows = await db
    .insert(consentEvents)
    .values(
      request.choices.map((choice) => ({
        purpose: choice.purpose,
        granted: choice.granted,
        version: request.version,
        browserId: request.browserId,
        userId,
      })),
    )
    .returning({ id: consentEvents.id });
  return rows.length;
}

type Purpose = (typeof consentEvents.$inferSelect)["purpose"];

/** The account's newest choice about one purpose; null when it never chose. */
export async function latestAccountChoice(db: Pick<Database, "select">, userId: string, purpose: Purpose): Promise<boolean | null> {
  const [latest] = await db
    .select({ granted: consentEvents.granted })
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, userId), eq(consentEvents.purpose, purpose)))
    .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id))
    .limit(1);
  return latest?.granted ?? null;
}

/** Records an account's choice about one purpose under the current text (earlier events stay as the record). */
export async function recordAccountChoice(db: Pick<Database, "insert">, userId: string, purpose: Purpose, granted: boolean): Promise<void> {
  await db.insert(consentEvents).values({ purpose, granted, version: CURRENT_CONSENT_VERSION, userId });
}

/**
 * The events this browser recorded before anyone signed in on it join the account now signed in
 * (the 18+ gate is accepted before signing up): the owner's customer view and the data export
 * then show them. Events already tied to an account stay with it. Returns how many joined.
 */
export async function joinBrowserConsent(db: Executor, browserId: string, userId: string): Promise<number> {
  const rows = await db
    .update(consentEvents)
    .set({ userId })
    .where(and(eq(consentEvents.browserId, browserId), isNull(consentEvents.userId)))
    .returning({ id: consentEvents.id });
  return rows.length;
}

/** The account's consent events, oldest first, for its data export. */
export async function listAccountConsent(db: Executor, userId: string): Promise<ConsentEvent[]> {
  const rows = await db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.userId, userId))
    .orderBy(asc(consentEvents.createdAt), asc(consentEvents.id));
  return rows.map((row) => ({
    purpose: row.purpose,
    granted: row.granted,
    version: row.version,
    browserId: row.browserId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Account deletion: the events lose the account; those made in a browser keep only its random id
 * (proof that this browser consented, with nobody's name on it); the others go.
 */
export async function forgetAccountConsent(db: Executor, userId: string): Promise<void> {
  await db.delete(consentEvents).where(and(eq(consentEvents.userId, userId), isNull(consentEvents.browserId)));
  await db.update(consentEvents).set({ userId: null }).where(eq(consentEvents.userId, userId));
}
