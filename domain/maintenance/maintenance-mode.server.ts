/**
 * Maintenance mode (issue 18, decision 024). The state is one row in PostgreSQL, so every instance
 * follows it; each process keeps a copy that every request reads for free, refreshed:
 * - at once on every instance when an admin changes it (the shared-caches NOTIFY, decision 021);
 * - and, should that message be lost (LISTEN down), by the first request after the copy turns
 *   MAINTENANCE_CACHE_MS old, which reads the row in the background while it is served from the copy.
 * So a request never waits for the database for this check, except the very first of a process.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { maintenanceMode } from "#platform/db/tables/maintenance.ts";
import { invalidateShared, registerSharedCache } from "#platform/realtime/shared-caches.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import type { MaintenanceInput, MaintenanceState } from "#domain/maintenance/maintenance-schemas.ts";

/** How old this process's copy may get before a request refreshes it (when the NOTIFY was missed). */
export const MAINTENANCE_CACHE_MS = 3000;
/** What a visitor's browser (and a crawler) is told: come back in this many seconds. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 120;

const CACHE_NAME = "maintenance-mode";
const OFF: MaintenanceState = { enabled: false, message: "", updatedAt: null };

type Copy = { value: MaintenanceState | undefined; readAt: number; reading: Promise<MaintenanceState> | undefined };
const copies = new WeakMap<Database, Copy>();

function copyOf(db: Database): Copy {
  let copy = copies.get(db);
  if (!copy) copies.set(db, (copy = { value: undefined, readAt: 0, reading: undefined }));
  return copy;
}

/** Reads the row (no row: off). Concurrent callers share one read. */
function refresh(db: Database, copy: Copy): Promise<MaintenanceState> {
  copy.reading ??= readMaintenance(db)
    .then((value) => {
      copy.value = value;
      return value;
    })
    .finally(() => {
      // A failed read is tried again only after a window too: a database that is away is not asked
      // on every request (those requests fail on their own reads anyway).
      copy.readAt = performance.now();
      copy.reading = undefined;
    });
  return copy.reading;
}

export async function readMaintenance(db: Pick<Database, "select">): Promise<MaintenanceState> {
  const [row] = await db.select().from(maintenanceMode).where(eq(maintenanceMode.id, true));
  return row ? { enabled: row.enabled, message: row.message, updatedAt: row.updatedAt.toISOString() } : OFF;
}

// Another instance's change (or a lost LISTEN): the next request reads the row again.
registerSharedCache(CACHE_NAME, (db) => {
  const copy = copyOf(db);
  copy.readAt = 0;
  void refresh(db, copy).catch(() => {});
});

/**
 * What this process knows, without waiting: undefined before its first read. A copy older than
 * MAINTENANCE_CACHE_MS is refreshed in the background (this call still answers with it).
 */
export function knownMaintenance(db: Database): MaintenanceState | undefined {
  const copy = copyOf(db);
  if (copy.reading === undefined && performance.now() - copy.readAt > MAINTENANCE_CACHE_MS) void refresh(db, copy).catch(() => {});
  return copy.value;
}

/** The state, read from PostgreSQL only when this process has none yet. */
export async function currentMaintenance(db: Database): Promise<MaintenanceState> {
  return knownMaintenance(db) ?? refresh(db, copyOf(db));
}

const actionOf = (before: MaintenanceState, after: MaintenanceInput) =>
  before.enabled === after.enabled ? "maintenance.update" : after.enabled ? "maintenance.enable" : "maintenance.disable";

/**
 * An admin turns maintenance on or off (or changes its message): saved, audited, and every
 * instance told, in one transaction. Without a message, the one saved before is kept.
 */
export async function setMaintenance(db: Database, actorUserId: string, input: MaintenanceInput): Promise<MaintenanceState> {
  const saved = await db.transaction(async (tx) => {
    const before = await readMaintenance(tx);
    const message = input.message ?? before.message;
    const [row] = await tx
      .insert(maintenanceMode)
      .values({ id: true, enabled: input.enabled, message })
      .onConflictDoUpdate({ target: maintenanceMode.id, set: { enabled: input.enabled, message, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: actionOf(before, input),
      entityType: "maintenance",
      entityId: "loja",
      before: { enabled: before.enabled, message: before.message },
      after: { enabled: row!.enabled, message: row!.message },
    });
    await invalidateShared(tx, CACHE_NAME);
    return { enabled: row!.enabled, message: row!.message, updatedAt: row!.updatedAt.toISOString() };
  });
  // This instance's next request sees it at once (the NOTIFY reaches the others).
  const copy = copyOf(db);
  copy.value = saved;
  copy.readAt = performance.now();
  return saved;
}
