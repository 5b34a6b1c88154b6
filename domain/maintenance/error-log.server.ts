/**
 * The errors the maintenance panel shows (issue 18 item 4, decision 025): the server's own failures
 * (server_errors, grouped when they happen) and the browsers' reports (client_errors, spec §8, stored in a bounded ring,
 * grouped here by message and path), and clearing both by age.
 */
import { and, desc, eq, gt, inArray, lt, max, min, sql, sum } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { clientErrorFingerprint, clientErrors, serverErrors } from "#platform/db/tables/maintenance.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import type { ErrorList } from "#domain/maintenance/maintenance-schemas.ts";

/** `at`: when the request failed (the write may come later, and after a later failure's). */
export type ServerErrorEvent = { method: string; route: string; status: number; code: string; requestId: string; at: Date };

/** A browser's report (POST /api/client-errors), as validated by the endpoint. */
export type ClientErrorReport = { message: string; path: string; stack?: string; userAgent: string | null };

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

/** The longest route template and code kept (both come from the shop's own code, never the caller). */
const FIELD_MAX = 200;

/** Counts one failure into its group (method, route template, status, code), with its request id. */
export async function recordServerError(db: Database, event: ServerErrorEvent): Promise<void> {
  const values = {
    method: event.method.slice(0, 10),
    route: event.route.slice(0, FIELD_MAX),
    status: event.status,
    code: event.code.slice(0, FIELD_MAX),
    lastRequestId: event.requestId.slice(0, FIELD_MAX),
    firstSeenAt: event.at,
    lastSeenAt: event.at,
  };
  // The writes are not awaited by the requests, so two can land in either order: the time of the
  // failure, not of the write, decides which request id is the latest.
  await db
    .insert(serverErrors)
    .values(values)
    .onConflictDoUpdate({
      target: [serverErrors.method, serverErrors.route, serverErrors.status, serverErrors.code],
      set: {
        occurrences: sql`${serverErrors.occurrences} + 1`,
        lastSeenAt: sql`greatest(${serverErrors.lastSeenAt}, excluded.last_seen_at)`,
        lastRequestId: sql`case when excluded.last_seen_at >= ${serverErrors.lastSeenAt} then excluded.last_request_id else ${serverErrors.lastRequestId} end`,
      },
    });
}

/** Groups shown at most, newest first (the rest stay until cleared). */
export const ERROR_GROUPS_SHOWN = 100;

export async function listErrors(db: Database): Promise<ErrorList> {
  const server = await db.select().from(serverErrors).orderBy(desc(serverErrors.lastSeenAt)).limit(ERROR_GROUPS_SHOWN);
  const lastSeen = max(clientErrors.lastSeenAt);
  const client = await db
    .select({
      message: clientErrors.message,
      path: clientErrors.path,
      count: sum(clientErrors.occurrences).mapWith(Number),
      firstSeenAt: min(clientErrors.createdAt),
      lastSeenAt: lastSeen,
    })
    .from(clientErrors)
    .groupBy(clientErrors.fingerprint, clientErrors.message, clientErrors.path)
    .orderBy(desc(lastSeen))
    .limit(ERROR_GROUPS_SHOWN);
  return {
    server: server.map((row) => ({
      method: row.method,
      route: row.route,
      status: row.status,
      code: row.code,
      count: row.occurrences,
      lastRequestId: row.lastRequestId,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    })),
    client: client.map((row) => ({
      message: row.message,
      path: row.path,
      count: row.count,
      firstSeenAt: (row.firstSeenAt ?? new Date(0)).toISOString(),
      lastSeenAt: (row.lastSeenAt ?? new Date(0)).toISOString(),
    })),
  };
}

/** Deletes the groups and reports last seen more than `olderThanDays` days ago (0: all), audited. */
export async function clearErrors(db: Database, actorUserId: string, olderThanDays: number): Promise<{ server: number; client: number }> {
  return db.transaction(async (tx) => {
    const cutoff = sql`now() - make_interval(days => ${olderThanDays})`;
    const server = await tx.delete(serverErrors).where(lt(serverErrors.lastSeenAt, cutoff)).returning({ id: serverErrors.id });
    const client = await tx.delete(clientErrors).where(lt(clientErrors.lastSeenAt, cutoff)).returning({ id: clientErrors.id });
    const removed = { server: server.length, client: client.length };
    await recordAudit(tx, {
      actorUserId,
      action: "errors.clear",
      entityType: "errors",
      entityId: "erros",
      after: { olderThanDays, ...removed },
    });
    return removed;
  });
}
