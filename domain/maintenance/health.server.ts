import type { AppServices } from "#platform/services.ts";
import { readDatabase } from "#platform/db/db-health.ts";
import { readQueue, type QueueReading } from "#platform/jobs/queue-health.ts";
import { readDiskSpace } from "#platform/storage/disk-space.ts";
import { readEmailHealth, type EmailReading } from "#domain/email-queue/email-health.server.ts";
import { databaseVerdict, diskVerdict, emailVerdict, jobsVerdict, worstLevel } from "#domain/maintenance/health-rules.ts";
import type { Health } from "#domain/maintenance/maintenance-schemas.ts";
import { readConnectionsHealth } from "#domain/connections/connections-view.server.ts";
import type { ConnectionHealth } from "#domain/connections/connection-schemas.ts";

/** What the process tells about itself (server/: its version and when it started). */
export type BuildInfo = { version: string; startedAt: Date };

/**
 * The maintenance panel's health (issue 18 item 1): database, jobs, e-mail, disk and build, each
 * with its level. The database is asked first; if it does not answer, the parts that live in it
 * (jobs, e-mail) are red too instead of failing the whole answer.
 */
export async function readHealth(services: AppServices, build: BuildInfo, now = new Date()): Promise<Health> {
  const { config, db } = services;
  const database = await readDatabase(db);
  const [queue, email, disk, connections] = await Promise.all([
    database.reachable ? readQueue(db).catch(() => null) : null,
    database.reachable ? readEmailHealth(db, config, now).catch(() => null) : null,
    readDiskSpace(config.dataDir),
    database.reachable ? readConnectionsHealth(services, now).catch(() => null) : null,
  ]);
  const databaseCheck = {
    ...databaseVerdict(database),
    mode: config.DATABASE_URL ? ("external" as const) : ("embedded" as const),
    ...database,
  };
  const jobs = queue ? { ...jobsVerdict(queue, now), ...jobsView(queue) } : unreadJobs();
  const emailCheck = email
    ? { ...emailVerdict(email, config.NODE_ENV === "production"), ...emailView(email) }
    : unreadEmail(config.SMTP_URL);
  const diskCheck = {
    ...diskVerdict(disk ?? { freeBytes: null, totalBytes: null }),
    path: config.dataDir,
    freeBytes: disk?.freeBytes ?? null,
    totalBytes: disk?.totalBytes ?? null,
  };
  const connectionChecks: ConnectionHealth[] = connections ?? [];
  return {
    level: worstLevel([
      databaseCheck.level,
      jobs.level,
      emailCheck.level,
      diskCheck.level,
      ...connectionChecks.map((check) => check.level),
    ]),
    checkedAt: now.toISOString(),
    database: databaseCheck,
    jobs,
    email: emailCheck,
    disk: diskCheck,
    build: { version: build.version, startedAt: build.startedAt.toISOString(), node: process.version },
    connections: connectionChecks,
  };
}

const jobsView = (queue: QueueReading) => ({
  queued: queue.queued,
  running: queue.running,
  failed: queue.failed,
  oldestWaitingSeconds: queue.oldestWaitingSeconds,
  schedules: queue.schedules.map((s) => ({ task: s.task, lastRunAt: s.lastRunAt?.toISOString() ?? null })),
});

const UNREAD = "Não foi possível ler: o banco de dados não respondeu.";
const unreadJobs = () => ({
  level: "red" as const,
  reason: UNREAD,
  queued: 0,
  running: 0,
  failed: 0,
  oldestWaitingSeconds: null,
  schedules: [],
});

const emailView = (email: EmailReading) => ({ ...email, lastSentAt: email.lastSentAt?.toISOString() ?? null });
const unreadEmail = (smtpUrl: string | undefined) => ({
  level: "red" as const,
  reason: UNREAD,
  transport: smtpUrl ? ("smtp" as const) : ("outbox" as const),
  smtpHost: smtpUrl ? new URL(smtpUrl).host : null,
  lastSentAt: null,
  failuresLast24h: 0,
  retrying: 0,
});
