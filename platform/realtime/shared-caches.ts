import type { Database } from "#platform/db/client.ts";
import type { Logger } from "#platform/logger.ts";
import { publish, realtimeBus, SHARED_CACHES_TOPIC } from "#platform/realtime/bus.ts";

/**
 * In-memory copies of shared data (the products calculate-price and the cart's fast add read on
 * every request, decision 006) kept right on every instance (decision 021): the module that
 * keeps a copy registers how to drop it; the change that makes it stale calls `invalidateShared`
 * in its transaction, and when that commits PostgreSQL tells every instance (NOTIFY), each of
 * which drops its copy and reads PostgreSQL again on the next request. The writer's own instance
 * drops its copy at once, so its very next request is fresh; a lost LISTEN connection drops all.
 */

type Forget = (db: Database) => void;
const forgetters = new Map<string, Set<Forget>>();

/** Registers how to drop this module's copy of `name` (call at module load). */
export function registerSharedCache(name: string, forget: Forget): void {
  let set = forgetters.get(name);
  if (!set) forgetters.set(name, (set = new Set()));
  set.add(forget);
}

/** Drops this instance's copies of `name` (every name when none is given). */
export function forgetShared(db: Database, name?: string): void {
  const sets = name === undefined ? [...forgetters.values()] : [forgetters.get(name) ?? new Set<Forget>()];
  for (const set of sets) for (const forget of set) forget(db);
}

type Executor = Parameters<typeof publish>[0];

/**
 * Inside the transaction that changes the data of `name`: every instance drops its copy once it
 * commits. Call `forgetShared(db, name)` after the commit too, for this instance's next request.
 */
export async function invalidateShared(executor: Executor, name: string): Promise<void> {
  await publish(executor, SHARED_CACHES_TOPIC, "cache_invalidated", { name });
}

const watched = new WeakSet<Database>();

/** Listens for invalidations of this database (once per process and database; the server's start-up calls it). */
export function watchSharedCaches(db: Database, logger?: Logger): void {
  if (watched.has(db)) return;
  watched.add(db);
  const bus = realtimeBus(db, logger);
  bus.subscribe([SHARED_CACHES_TOPIC], (message) => {
    const name = (message.data as { name?: unknown } | null)?.name;
    forgetShared(db, typeof name === "string" ? name : undefined);
  });
  // Messages may have been missed while LISTEN was down: once it is back, no copy can be trusted.
  bus.onResync(() => forgetShared(db));
}
