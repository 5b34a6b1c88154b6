import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { type z } from "zod";
import { consumeRate, rateKey } from "#platform/rate-limit.ts";
import type { Database } from "#platform/db/client.ts";
import { clientErrorFingerprint, clientErrors } from "#platform/db/schema.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { CLIENT_ERROR_RATE_RULE, clientErrorInput, clientErrorsContract } from "#server/contracts/client-errors.ts";

export { CLIENT_ERROR_RATE_RULE, clientErrorInput };

export type ClientErrorReport = z.infer<typeof clientErrorInput> & { userAgent: string | null };

/**
 * A report identical (message and path) to one first stored less than this long ago adds to its
 * `occurrences` instead of taking a slot: a release broken for everyone would otherwise fill the
 * whole ring with one error in minutes and push every other error out. Windows this short still
 * show, row by row, when an error started and stopped.
 */
export const CLIENT_ERROR_REPEAT_WINDOW_SECONDS = 10 * 60;

/**
 * Stores a report: counted on a recent identical one, or in the ring's next slot (overwriting the
 * oldest report once the ring is full). Two identical reports arriving at the same instant may both
 * take a slot; that costs one slot, never the bound.
 */
export async function recordClientError(db: Database, report: ClientErrorReport): Promise<void> {
  const { message, path } = report;
  const recent = db
    .select({ id: clientErrors.id })
    .from(clientErrors)
    .where(
      and(
        eq(clientErrors.fingerprint, clientErrorFingerprint(sql`${path}::text`, sql`${message}::text`)),
        eq(clientErrors.message, message),
        eq(clientErrors.path, path),
        gt(clientErrors.createdAt, sql`now() - make_interval(secs => ${CLIENT_ERROR_REPEAT_WINDOW_SECONDS})`),
      ),
    )
    .orderBy(desc(clientErrors.createdAt))
    .limit(1);
  const counted = await db
    .update(clientErrors)
    .set({ occurrences: sql`${clientErrors.occurrences} + 1`, lastSeenAt: sql`now()` })
    .where(inArray(clientErrors.id, recent))
    .returning({ id: clientErrors.id });
  if (counted.length > 0) return;

  // The slot comes from the column's default (the cycling sequence); when it is taken, the report
  // in it is CLIENT_ERRORS_KEPT reports old and is replaced whole, with a new id.
  const fresh = sql.raw("excluded");
  await db
    .insert(clientErrors)
    .values({ message, path, stack: report.stack ?? null, userAgent: report.userAgent })
    .onConflictDoUpdate({
      target: clientErrors.slot,
      set: {
        id: sql`${fresh}.id`,
        message: sql`${fresh}.message`,
        path: sql`${fresh}.path`,
        stack: sql`${fresh}.stack`,
        userAgent: sql`${fresh}.user_agent`,
        createdAt: sql`${fresh}.created_at`,
        occurrences: sql`${fresh}.occurrences`,
        lastSeenAt: sql`${fresh}.last_seen_at`,
      },
    });
}

/**
 * The global error screen reports what broke, for the maintenance panel. Public (visitors hit
 * errors too), so it is rate limited per client address and its table is bounded.
 */
export const clientErrorEndpoint = defineEndpoint({
  ...clientErrorsContract.clientError,
  async handler({ body, c }) {
    const { db, config } = c.get("services");
    // Counted after validation: a malformed body writes nothing, so it needs no allowance.
    const address = normalizeAddress(clientAddress(c, config.TRUST_PROXY));
    const decision = await consumeRate(db, rateKey("client-error", address), CLIENT_ERROR_RATE_RULE);
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    await recordClientError(db, { ...body, userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null });
    return { received: true as const };
  },
});
