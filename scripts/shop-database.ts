// The shop's database for a command-line tool: DATABASE_URL when set; otherwise the embedded
// PostgreSQL of DATA_DIR, used as it is when a shop is running on it, else started for the command
// and stopped after (as `npm run admin:create` does).
import path from "node:path";
import pg from "pg";
import type { Config } from "../platform/config.ts";
import { createLogger } from "../platform/logger.ts";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded-postgres.ts";

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function openShopDatabase(config: Config): Promise<{ url: string; close(): Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, close: async () => {} };
  const running = `postgresql://postgres@${encodeURIComponent(path.join(config.dataDir, "postgres"))}:5432/shop`;
  if (await answers(running)) return { url: running, close: async () => {} };
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: config.dataDir, logger: createLogger("warn") });
  await ensureDatabase(embedded.urlFor("postgres"), "shop");
  return { url: embedded.urlFor("shop"), close: () => embedded.stop() };
}
