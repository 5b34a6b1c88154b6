import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import { loadConfig, type Config } from "#platform/config.ts";
import { createDatabase, isDatabaseUnavailable } from "#platform/db/client.ts";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from "#server/db/embedded-postgres.ts";
import { ensureBackupTools } from "#server/db/backup-tools-at-start.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seed } from "#server/db/seed.ts";
import { createApp, type AppOptions } from "#server/http/app.ts";
import { apiEndpoints } from "#server/http/api-endpoints.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import type { AppServices } from "#platform/services.ts";
import { AccessLog } from "#server/http/access-log.ts";
import { createLeanLane } from "#server/http/lean-api.ts";
import { startJobs } from "#server/jobs/jobs.ts";
import { registerProviderWebhook } from "#domain/payments/charges.server.ts";
import { createLogger, type Logger } from "#platform/logger.ts";

const EMBEDDED_DATABASE = "shop";

async function databaseUrl(config: Config, logger: Logger): Promise<{ url: string; embedded?: EmbeddedPostgres }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  await ensureDatabase(embedded.urlFor("postgres"), EMBEDDED_DATABASE);
  return { url: embedded.urlFor(EMBEDDED_DATABASE), embedded };
}

export type PreparedShop = {
  app: Hono<AppEnv>;
  config: Config;
  logger: Logger;
  /** The database the shop uses (embedded or DATABASE_URL). */
  databaseUrl: string;
  /** Node's request listener: the lean lane (lean-api.ts) for its endpoints, Hono for the rest. */
  listener(request: IncomingMessage, response: ServerResponse): void;
  /** Stops the job worker (running jobs finish), closes the database pool, then stops the embedded PostgreSQL if this process owns it (embedded-postgres.ts). */
  closeDatabase(): Promise<void>;
};

/** Database (embedded unless DATABASE_URL is set), migrations under a lock, seed, and the app. */
export async function prepare(options: AppOptions = {}): Promise<PreparedShop> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const { url, embedded } = await databaseUrl(config, logger);
  await runMigrations(url, logger);
  const db = createDatabase(url);
  await seed(db);
  const services: AppServices = { config, db, logger };
  const jobs = await startJobs(services, url);
  // The BCB Pix API's webhook (decision 037); in the background, so a PSP that is down never delays the start.
  void registerProviderWebhook(services);
  // One access log for both lanes, so the pricing call's minute summary counts both (decision 010).
  const accessLog = new AccessLog(logger, apiEndpoints);
  const app = createApp(services, { ...options, accessLog });
  return {
    app,
    config,
    logger,
    databaseUrl: url,
    listener: nodeListener(services, app, accessLog),
    async closeDatabase() {
      accessLog.close();
      await jobs.stop();
      await db.$client.end();
      await embedded?.stop();
    },
  };
}

/** SIGINT/SIGTERM close the HTTP server first (in-flight requests finish), then the database. */
export function shutDownOnSignals(server: Server, shop: PreparedShop): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Keeps the event loop alive until PostgreSQL is stopped, whatever else has closed by then.
    setInterval(() => {}, 1000);
    shop.logger.info({ signal }, "shutting down");
    // Open requests get a moment to finish; then the rest (server-sent events never end) are cut.
    const forceClose = setTimeout(() => server.closeAllConnections(), 5000);
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(forceClose);
    await shop.closeDatabase();
    shop.logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/**
 * A library's promise nobody awaits rejects when PostgreSQL is away (graphile-worker 0.18 records a
 * finished job without awaiting it), and Node's default would end the process over it. A database
 * that is away is survivable (decision 015): say so and carry on. Anything else is a bug: log it and
 * exit, as Node would.
 */
function surviveDatabaseOutages(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, "a database call nobody awaited failed while PostgreSQL was away; carrying on");
      return;
    }
    logger.fatal({ err: reason }, "unhandled promise rejection");
    process.exit(1);
  });
}

export async function start(options: AppOptions = {}): Promise<void> {
  const shop = await prepare(options);
  const { config, logger } = shop;
  surviveDatabaseOutages(logger);
  const server = createServer(shop.listener);
  server.listen(config.PORT, config.HOST, () => {
    const { port } = server.address() as AddressInfo;
    logger.info({ port, url: `http://localhost:${port}` }, "shop listening");
  });
  shutDownOnSignals(server, shop);
  // Backups work on the first start (issue 28 item 3): fetched in the background, never awaited.
  void ensureBackupTools(config, shop.databaseUrl, logger);
}

function nodeListener(services: AppServices, app: Hono<AppEnv>, accessLog: AccessLog): PreparedShop["listener"] {
  const lean = createLeanLane(services, apiEndpoints, accessLog);
  const hono = getRequestListener(app.fetch);
  return (request, response) => {
    if (!lean(request, response)) void hono(request, response);
  };
}

export function clientBuildDir(serverBuildFile: string): string {
  return path.join(path.dirname(serverBuildFile), "..", "client");
}
