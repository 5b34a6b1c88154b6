import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
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
import { startJobs } from "#server/jobs/jobs.ts";
import { registerProviderWebhook } from "#domain/payments/charges.server.ts";
import { vapidKeys } from "#domain/push/push-keys.server.ts";
import { createLogger, type Logger } from "#platform/logger.ts";
import { mountProbes } from "#server/http/probes.ts";
import { Lifecycle } from "#server/lifecycle.ts";

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
  /** Where this process is on its way down: /readyz and the event streams follow it (decision 053). */
  lifecycle: Lifecycle;
  /** Node's request listener: Hono's app, the one path of every request (decision 006). */
  listener(request: IncomingMessage, response: ServerResponse): void;
  /**
   * Stops the job worker (running jobs finish, or are handed back to the queue after
   * SHUTDOWN_TIMEOUT_MS), closes the database pool, then stops the embedded PostgreSQL if this
   * process owns it (embedded-postgres.ts).
   */
  closeDatabase(): Promise<void>;
};

/**
 * Database (embedded unless DATABASE_URL is set), migrations under a lock, seed, and what ROLE asks
 * for (decision 053): `web` the shop's HTTP, `worker` the job queue with only the probes over HTTP,
 * `all` both.
 */
export async function prepare(options: AppOptions = {}): Promise<PreparedShop> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL).child({ role: config.ROLE });
  const { url, embedded } = await databaseUrl(config, logger);
  await runMigrations(url, logger);
  const db = createDatabase(url);
  await seed(db);
  const services: AppServices = { config, db, logger };
  // The VAPID key pair exists from the first start (issue 31): devices subscribe to this one key,
  // and every instance reads the same row.
  await vapidKeys(services);
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const jobs = config.ROLE === "web" ? null : await startJobs(services, url);
  const closeDatabase = async () => {
    await jobs?.stop(config.SHUTDOWN_TIMEOUT_MS);
    await db.$client.end();
    await embedded?.stop();
  };
  if (config.ROLE === "worker") {
    const app = new Hono<AppEnv>();
    mountProbes(app, services, lifecycle);
    return { app, config, logger, databaseUrl: url, lifecycle, listener: getRequestListener(app.fetch), closeDatabase };
  }
  // The BCB Pix API's webhook (decision 037); in the background, so a PSP that is down never delays the start.
  void registerProviderWebhook(services);
  // Kept here so that closing the shop flushes the pricing call's last minute summary (decision 010).
  const accessLog = new AccessLog(logger, apiEndpoints);
  const app = createApp(services, { ...options, accessLog, lifecycle });
  return {
    app,
    config,
    logger,
    databaseUrl: url,
    lifecycle,
    listener: getRequestListener(app.fetch),
    async closeDatabase() {
      accessLog.close();
      await closeDatabase();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGINT/SIGTERM (decision 053): /readyz turns red and the instance keeps serving for
 * SHUTDOWN_DRAIN_MS, so the balancer stops sending it traffic; then it stops accepting connections,
 * asks its event streams to reconnect (to another instance), lets requests in flight finish until
 * SHUTDOWN_TIMEOUT_MS and cuts the rest; then the worker finishes or hands back its jobs, and the
 * pool closes.
 */
export function shutDownOnSignals(server: Server, shop: Pick<PreparedShop, "config" | "logger" | "lifecycle" | "closeDatabase">): void {
  const { config, logger, lifecycle } = shop;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Keeps the event loop alive until PostgreSQL is stopped, whatever else has closed by then.
    setInterval(() => {}, 1000);
    lifecycle.drain();
    logger.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, "shutting down: /readyz answers 503");
    if (config.SHUTDOWN_DRAIN_MS > 0) await sleep(config.SHUTDOWN_DRAIN_MS);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    lifecycle.close();
    server.closeIdleConnections();
    logger.info("no longer accepting connections; event streams asked to reconnect");
    const forceClose = setTimeout(() => {
      logger.warn({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, "requests still open at the shutdown deadline were cut");
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    await closed;
    clearTimeout(forceClose);
    await shop.closeDatabase();
    logger.info("stopped");
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
  // The same for an error event nobody listens to on a database connection's socket (EPIPE,
  // ECONNRESET while PostgreSQL restarts): the connection is dropped and the pool opens another.
  process.on("uncaughtException", (error) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, "a database connection failed while PostgreSQL was away; carrying on");
      return;
    }
    logger.fatal({ err: error }, "uncaught exception");
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
    logger.info({ port, url: `http://localhost:${port}` }, config.ROLE === "worker" ? "worker probes listening" : "shop listening");
  });
  shutDownOnSignals(server, shop);
  // Backups work on the first start (issue 28 item 3): fetched in the background, never awaited,
  // by the instances that serve the panel's "Baixar backup".
  if (config.ROLE !== "worker") void ensureBackupTools(config, shop.databaseUrl, logger);
}

export function clientBuildDir(serverBuildFile: string): string {
  return path.join(path.dirname(serverBuildFile), "..", "client");
}
