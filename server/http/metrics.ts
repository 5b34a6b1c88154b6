import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { count, countDistinct, sql } from "drizzle-orm";
import type { Handler } from "hono";
import client from "prom-client";
import type { AppEnv } from "#server/http/app-env.ts";
import { clientAddress } from "#server/http/client-address.ts";
import { ApiError } from "#server/http/errors.ts";
import type { Database } from "#platform/db/client.ts";
import { orders, orderStatusHistory } from "#platform/db/schema.ts";
import { readQueue } from "#platform/jobs/queue-health.ts";
import { httpRequestDuration, httpRequests, metricsRegistry, watchPool } from "#platform/metrics.ts";

/*
 * GET /metrics (decision 052): Prometheus text. What only the database knows (is it up, the job
 * queue, the shop's orders) is read at each scrape, bounded by a timeout: a scrape while PostgreSQL
 * is away still answers, with shop_database_up 0 and the last values read.
 */

const READ_TIMEOUT_MS = 2000;
let database: Database | undefined;

/** The database the scrape reads (the process's pool); its pool is counted in shop_db_pool_connections. */
export function measureDatabase(db: Database): void {
  database = db;
  watchPool(db.$client);
}

/** `read` of the database, or undefined when there is none, it fails, or it takes too long. */
async function readWithin<T>(read: (db: Database) => Promise<T>): Promise<T | undefined> {
  if (!database) return undefined;
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READ_TIMEOUT_MS).unref());
  return Promise.race([read(database).catch(() => undefined), timeout]);
}

const registers = [metricsRegistry];

new client.Gauge({
  name: "shop_database_up",
  help: "1 when the database answered this scrape within 2 s, else 0.",
  registers,
  async collect() {
    this.set((await readWithin((db) => db.execute(sql`select 1`))) ? 1 : 0);
  },
});

const queueJobs = new client.Gauge({
  name: "shop_jobs",
  help: "Jobs in the queue (every instance's): queued (waiting, retries included), running, failed (no try left).",
  labelNames: ["state"] as const,
  registers,
});

new client.Gauge({
  name: "shop_jobs_oldest_waiting_seconds",
  help: "How long the oldest job that is due has waited for a worker (0 when none is due).",
  registers,
  async collect() {
    const reading = await readWithin(readQueue);
    if (!reading) return;
    this.set(reading.oldestWaitingSeconds ?? 0);
    queueJobs.set({ state: "queued" }, reading.queued);
    queueJobs.set({ state: "running" }, reading.running);
    queueJobs.set({ state: "failed" }, reading.failed);
  },
});

new client.Counter({
  name: "shop_orders_total",
  help: "Orders of the whole shop, read from the database (the same on every instance: use max, not sum): placed, paid, cancelled.",
  labelNames: ["event"] as const,
  registers,
  async collect() {
    const totals = await readWithin(async (db) => {
      const [placed] = await db.select({ n: count() }).from(orders);
      const byStatus = await db
        .select({ status: orderStatusHistory.toStatus, n: countDistinct(orderStatusHistory.orderId) })
        .from(orderStatusHistory)
        .where(sql`${orderStatusHistory.toStatus} in ('paid', 'cancelled')`)
        .groupBy(orderStatusHistory.toStatus);
      const of = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
      return { placed: placed?.n ?? 0, paid: of("paid"), cancelled: of("cancelled") };
    });
    if (!totals) return;
    this.reset();
    for (const [event, value] of Object.entries(totals)) this.inc({ event }, value);
  },
});

const isLoopback = (address: string) => {
  if (isIP(address) === 0) return false;
  return address === "::1" || address.startsWith("127.") || /^::ffff:127\./i.test(address);
};

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request, from either lane (Hono's middleware and lean-api.ts). */
export function observeRequest(method: string, route: string, status: number, ms: number): void {
  const labels = { method: METHODS.has(method) ? method : "OTHER", route, status: String(status) };
  httpRequests.inc(labels);
  httpRequestDuration.observe(labels, ms / 1000);
}

/** A request a proxy passed on names where it came from: not this machine's own, whatever the socket says. */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Closed unless METRICS_TOKEN is set and the request brings it (Authorization: Bearer), or it comes
 * from this machine itself: a request a proxy forwarded (X-Forwarded-For and the like) is never taken
 * for a local one, so a proxy on the same machine does not open it to the internet.
 */
export const metricsHandler: Handler<AppEnv> = async (c) => {
  const { config } = c.get("services");
  const given = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const tokenOk = config.METRICS_TOKEN !== undefined && given !== undefined && timingSafeEqual(digest(given), digest(config.METRICS_TOKEN));
  const local = isLoopback(clientAddress(c, config.TRUST_PROXY)) && PROXY_HEADERS.every((name) => !c.req.header(name));
  if (!tokenOk && !local) {
    if (config.METRICS_TOKEN) throw new ApiError(401, "unauthorized", "Envie o token das métricas (Authorization: Bearer …).");
    throw new ApiError(403, "forbidden", "As métricas só respondem a esta máquina, ou a quem trouxer o METRICS_TOKEN.");
  }
  return c.body(await metricsRegistry.metrics(), 200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" });
};
