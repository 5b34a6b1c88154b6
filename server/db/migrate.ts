import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { installQueue } from "#platform/jobs/queue.ts";
import { createLogger, type Logger } from "#platform/logger.ts";

// Any constant works; it only has to be the same for every instance of the shop.
const MIGRATION_LOCK_KEY = 727_001;

/** The migrations folder, found from this file both in the source tree and in build/server. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above " + import.meta.url);
    dir = parent;
  }
  return path.join(dir, "platform", "db", "migrations");
}

/**
 * Applies pending migrations, the shop's and the job queue's (its own schema, decision 014);
 * instances starting together queue on an advisory lock.
 */
export async function runMigrations(url: string, logger: Logger = createLogger("silent")): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    await installQueue(url, logger);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
