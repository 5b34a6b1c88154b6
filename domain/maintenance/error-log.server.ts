/**
 * The errors the maintenance panel shows (issue 18 item 4, decision 025): the server's own failures
 * (server_errors, grouped when they happen) and the browsers' reports (client_errors, spec §8,
 * grouped here by message and path), and clearing both by age.
 */
import { desc, lt, max, min, sql, sum } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { clientErrors, serverErrors } from "#platform/db/tables/maintenance.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import type { ErrorList } from "#domain/maintenance/maintenance-schemas.ts";

/** `at`: when the request failed (the write may come later, and after a later failure's). */
export type ServerErrorEvent = { method: string; route: string; status: number; code: string; requestId: string; at: Date };

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
