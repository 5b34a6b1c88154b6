/**
 * The process's Prometheus metrics (prom-client, decision 052): one registry per process, served at
 * GET /metrics. Labels are closed sets only (a method, a route template, a status, a task or provider
 * name, an outcome): never a path value, an e-mail or an id, so a series never names a person and
 * the number of series never grows with traffic.
 */
import client from "prom-client";
import type pg from "pg";

export const metricsRegistry = new client.Registry();
// Node's own: CPU, memory, event-loop lag, open handles, garbage collection.
client.collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpRequests = new client.Counter({
  name: "shop_http_requests_total",
  help: "Requests answered, by method, route template and status.",
  labelNames: ["method", "route", "status"] as const,
  registers,
});

export const httpRequestDuration = new client.Histogram({
  name: "shop_http_request_duration_seconds",
  help: "Time to answer a request (to the first byte of a stream), by method, route template and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const sseConnections = new client.Gauge({
  name: "shop_sse_connections",
  help: "Event streams (/api/events) open on this instance.",
  registers,
});

export const emailsSent = new client.Counter({
  name: "shop_emails_sent_total",
  help: "E-mails handed to the SMTP server (or the outbox).",
  registers,
});

export const emailsFailed = new client.Counter({
  name: "shop_emails_failed_total",
  help: "Tries to send an e-mail that failed; final=true when it was the last try (failed for good).",
  labelNames: ["final"] as const,
  registers,
});

export const jobAttemptsFailed = new client.Counter({
  name: "shop_job_attempts_failed_total",
  help: "Job runs that threw, by task; final=true when the job has no try left.",
  labelNames: ["task", "final"] as const,
  registers,
});

export const providerRequestDuration = new client.Histogram({
  name: "shop_provider_request_duration_seconds",
  help: "Calls to outside services (the Pix provider, the CEP lookup), by provider and outcome (ok, refused, unavailable).",
  labelNames: ["provider", "outcome"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers,
});

/** Times `call` into providerRequestDuration under `provider`, with the outcome `classify` gives its answer. */
export async function timeProviderCall<T>(
  provider: string,
  call: () => Promise<T>,
  classify: (answer: T) => "ok" | "refused" | "unavailable",
): Promise<T> {
  const stop = providerRequestDuration.startTimer({ provider });
  try {
    const answer = await call();
    stop({ outcome: classify(answer) });
    return answer;
  } catch (error) {
    stop({ outcome: "unavailable" });
    throw error;
  }
}

/** Counts every time a request had to wait for a pool connection, and how long. */
export const poolWaitDuration = new client.Histogram({
  name: "shop_db_pool_wait_seconds",
  help: "How long a query waited for a pool connection, when it had to wait (all were busy).",
  buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5],
  registers,
});

const pools = new Set<pg.Pool>();

type Connect = (callback?: (error: Error | undefined, client: pg.PoolClient, done: (release?: unknown) => void) => void) => unknown;

/**
 * Counts this pool in shop_db_pool_connections until it is ended, and times in shop_db_pool_wait_seconds
 * each connection asked for while every one was busy (pg's query() asks through connect() too).
 */
export function watchPool(pool: pg.Pool): void {
  if (pools.has(pool)) return;
  pools.add(pool);
  const connect = pool.connect.bind(pool) as Connect;
  (pool as unknown as { connect: Connect }).connect = (callback) => {
    const busy = pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
    if (!busy) return connect(callback);
    const stop = poolWaitDuration.startTimer();
    if (callback) {
      return connect((error, client, done) => {
        stop();
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).finally(stop);
  };
}

new client.Gauge({
  name: "shop_db_pool_connections",
  help: "The database pool: connections open (total), idle, the most allowed (max), and requests waiting for one (waiting).",
  labelNames: ["state"] as const,
  registers,
  collect() {
    const sums = { total: 0, idle: 0, waiting: 0, max: 0 };
    for (const pool of pools) {
      if (pool.ending) {
        pools.delete(pool);
        continue;
      }
      sums.total += pool.totalCount;
      sums.idle += pool.idleCount;
      sums.waiting += pool.waitingCount;
      sums.max += pool.options.max ?? 10;
    }
    for (const [state, value] of Object.entries(sums)) this.set({ state }, value);
  },
});
