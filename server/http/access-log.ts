import type { Logger } from "#platform/logger.ts";
import type { Endpoint } from "#server/http/api.ts";

/** What Hono's middleware knows of an answered request. */
export type AccessEntry = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** Refusals (401, 403, 404): who was refused, the account if the session was read, else the address. */
  userId?: string;
  client?: string;
};

/** How often the summed-up successes of a summarized endpoint are written. */
export const ACCESS_SUMMARY_MS = 60_000;

type Tally = { method: string; path: string; status: number; requests: number; msTotal: number; msMax: number };

/**
 * The access log (decision 010). Every request gets its line with its request id, except the
 * successes of endpoints defined with `accessLog: "summary"`: the pricing call, asked on every
 * change of quantity, where writing the line cost more CPU than pricing. Those are counted and
 * written once a minute per endpoint and status (requests, mean and largest ms); their failures
 * (status 400 and above) still get a line each.
 */
export class AccessLog {
  readonly #logger: Logger;
  readonly #summarized: ReadonlySet<string>;
  readonly #tallies = new Map<string, Tally>();
  readonly #timer: NodeJS.Timeout;

  constructor(logger: Logger, endpoints: readonly Endpoint[]) {
    this.#logger = logger;
    this.#summarized = new Set(
      endpoints
        .filter((endpoint) => endpoint.accessLog === "summary")
        .map((endpoint) => `${endpoint.method.toUpperCase()} /api${endpoint.path}`),
    );
    // unref: the summary never keeps a finished process alive; close() writes what is left.
    this.#timer = setInterval(() => this.flush(), ACCESS_SUMMARY_MS).unref();
  }

  record(entry: AccessEntry): void {
    if (entry.status >= 400 || !this.#summarized.has(`${entry.method} ${entry.path}`)) {
      this.#logger.info(entry, "request");
      return;
    }
    const key = `${entry.method} ${entry.path} ${entry.status}`;
    const tally = this.#tallies.get(key);
    if (tally) {
      tally.requests++;
      tally.msTotal += entry.ms;
      if (entry.ms > tally.msMax) tally.msMax = entry.ms;
    } else {
      this.#tallies.set(key, {
        method: entry.method,
        path: entry.path,
        status: entry.status,
        requests: 1,
        msTotal: entry.ms,
        msMax: entry.ms,
      });
    }
  }

  /** One "requests" line per endpoint and status counted since the last one. */
  flush(): void {
    for (const { method, path, status, requests, msTotal, msMax } of this.#tallies.values()) {
      this.#logger.info({ method, path, status, requests, msMean: Math.round((msTotal / requests) * 10) / 10, msMax }, "requests");
    }
    this.#tallies.clear();
  }

  close(): void {
    clearInterval(this.#timer);
    this.flush();
  }
}
