import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { boolean, check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/*
 * What the maintenance panel keeps: browser and server errors, maintenance mode.
 * Owned by domain/maintenance/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/**
 * How many browser error reports are kept. The endpoint is public, so the table is a ring of this
 * many slots rather than a log: a report holds at most ~14,500 characters, so 5,000 of them are
 * ~70 MB of ASCII text at worst (more if an attacker sends 4-byte characters, still bounded), while
 * "recent errors" for the maintenance panel rarely needs more (identical ones are only counted).
 * Lowering it later: the migration that alters the sequence must also delete the rows whose slot is
 * now out of range, or they would never be overwritten.
 */
export const CLIENT_ERRORS_KEPT = 5000;

/** The next slot of `client_errors`: 0 … CLIENT_ERRORS_KEPT - 1, then 0 again. */
export const clientErrorSlots = pgSequence("client_error_slots", {
  startWith: 0,
  minValue: 0,
  maxValue: CLIENT_ERRORS_KEPT - 1,
  cycle: true,
});

/**
 * What makes two reports "the same error": message and path (the length prefix keeps "/a" + "b/c"
 * apart from "/ab" + "/c"). md5 is a lookup key here, not a protection: the query compares message
 * and path as well.
 */
export const clientErrorFingerprint = (path: SQL | AnyColumn, message: SQL | AnyColumn) =>
  sql`md5(length(${path})::text || ':' || ${path} || ${message})`;

/**
 * Errors reported by browsers (global error screen), kept for the maintenance panel. A new report
 * takes the next slot of the ring, overwriting the report stored CLIENT_ERRORS_KEPT reports ago, so
 * the table cannot outgrow its bound whatever the traffic, without a lock or a clean-up job.
 */
export const clientErrors = pgTable(
  "client_errors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slot: integer("slot")
      .notNull()
      .unique()
      .default(sql`nextval('client_error_slots')`),
    message: text("message").notNull(),
    path: text("path").notNull(),
    stack: text("stack"),
    userAgent: text("user_agent"),
    /** When the first of these reports arrived; stack and user agent are that first report's. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Identical reports (message and path) arriving soon after the first are counted here. */
    occurrences: integer("occurrences").notNull().default(1),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    fingerprint: text("fingerprint")
      .notNull()
      .generatedAlwaysAs((): SQL => clientErrorFingerprint(sql`"path"`, sql`"message"`)),
  },
  (t) => [index("client_errors_fingerprint").on(t.fingerprint, t.createdAt)],
);

/**
 * Maintenance mode (issue 18, decision 024): at most one row (`id` is always true). No row means
 * off. Every instance reads it through a per-process copy a few seconds old at most.
 */
export const maintenanceMode = pgTable(
  "maintenance_mode",
  {
    id: boolean("id").primaryKey().default(true),
    enabled: boolean("enabled").notNull().default(false),
    /** What visitors read on the maintenance page (the default text when empty). */
    message: text("message").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("maintenance_mode_one_row", sql`${t.id}`)],
);

/**
 * The server's own failures (answers of 500 and above, maintenance excepted), for the maintenance
 * panel (decision 025): one row per method, route template, status and error code, counted, with
 * the request id of the latest so its log lines can be found. No path values, query, body or
 * account: nothing personal. Bounded by the routes and codes that exist.
 */
export const serverErrors = pgTable(
  "server_errors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    method: text("method").notNull(),
    route: text("route").notNull(),
    status: integer("status").notNull(),
    code: text("code").notNull(),
    occurrences: integer("occurrences").notNull().default(1),
    lastRequestId: text("last_request_id").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("server_errors_group").on(t.method, t.route, t.status, t.code), index("server_errors_last_seen").on(t.lastSeenAt)],
);

/**
 * The health the watch job saw last (issue 31): at most one row. The owner's phone is told when the
 * level turns red, once per red spell: a red reading after a red one says nothing more.
 */
export const healthWatch = pgTable(
  "health_watch",
  {
    id: boolean("id").primaryKey().default(true),
    level: text("level", { enum: ["green", "amber", "red"] }).notNull(),
    /** When the level last changed (the red spell's start, while red). */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("health_watch_one_row", sql`${t.id}`)],
);
