import path from "node:path";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { loadConfig, type Config } from "./config.ts";
import { createDatabase } from "./db/client.ts";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres.ts";
import { runMigrations } from "./db/migrate.ts";
import { seed } from "./db/seed.ts";
import { createApp } from "./http/app.ts";
import { createLogger, type Logger } from "./logger.ts";

const EMBEDDED_DATABASE = "shop";

async function databaseUrl(config: Config, logger: Logger): Promise<{ url: string; embedded?: EmbeddedPostgres }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  await ensureDatabase(embedded.urlFor("postgres"), EMBEDDED_DATABASE);
  return { url: embedded.urlFor(EMBEDDED_DATABASE), embedded };
}

/**
 * Starts the whole shop: database (embedded unless DATABASE_URL is set), migrations under a
 * lock, seed, HTTP server. SIGINT/SIGTERM close the HTTP server first, then the database.
 */
export async function start(options: { build?: ServerBuild; clientDir?: string } = {}): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const { url, embedded } = await databaseUrl(config, logger);
  await runMigrations(url);
  const db = createDatabase(url);
  await seed(db);

  const app = createApp({ config, db, logger }, options);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info({ port: info.port, url: `http://localhost:${info.port}` }, "shop listening");
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Give open requests a moment to finish, then cut the rest (server-sent events never end).
    const forceClose = setTimeout(() => (server as { closeAllConnections?: () => void }).closeAllConnections?.(), 5000);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(forceClose);
    await db.$client.end();
    await embedded?.stop();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

export function clientBuildDir(serverBuildFile: string): string {
  return path.join(path.dirname(serverBuildFile), "..", "client");
}
