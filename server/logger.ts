import pino from "pino";

export type Logger = pino.Logger;

type Destination = ReturnType<typeof pino.destination>;
const destinations = new Set<Destination>();

function flushAll(): void {
  for (const destination of destinations) {
    try {
      destination.flushSync();
    } catch {
      // stdout is gone: nothing left to write to.
    }
  }
}

/** Lines are written in batches of this many bytes, or after this long at most (decision 006). */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 200;

/**
 * pino's `isoTime`, formatting the date once per millisecond: `toISOString()` on every line cost
 * more than the rest of an access log line (decision 006). Same output.
 */
let lastMillis = -1;
let lastTime = "";
export function isoTimeCached(): string {
  const now = Date.now();
  if (now !== lastMillis) {
    lastMillis = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** The options every logger of the shop shares; `logRequest` writes the same line format by hand. */
function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    base: { service: "loja" },
    timestamp: isoTimeCached,
    redact: ["req.headers.cookie", "req.headers.authorization"],
  };
}

/** A logger writing to `stream` instead of stdout (tests read its lines). */
export function createLoggerTo(level: string, stream: pino.DestinationStream): Logger {
  return pino(loggerOptions(level), stream);
}

export function createLogger(level: string): Logger {
  // Asynchronous and batched (decision 006): a request does not wait for its log line, and under
  // load one write carries many lines instead of one system call per request. A quiet server's
  // lines reach stdout within LOG_FLUSH_MS. What is still buffered is written synchronously when
  // the process exits (process.exit() after SIGTERM included), so the last lines ("stopped", a
  // start-up error) stay; only a kill -9 can lose the last LOG_FLUSH_MS of lines.
  const destination = pino.destination({ fd: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  // A closed stdout (the parent npm died first) must not crash the process, least of all during
  // shutdown, when PostgreSQL still has to be stopped.
  destination.on("error", () => {});
  if (destinations.size === 0) process.once("exit", flushAll);
  destinations.add(destination);
  return pino(loggerOptions(level), destination);
}

/** The access log's fields: one line per HTTP request, from either lane (decision 006). */
export type RequestLine = { requestId: string; method: string; path: string; status: number; ms: number };

/**
 * Writes `logger.info(line, "request")`'s exact JSON line, built by hand: the access line is the
 * one log call on every request, and pino's generic serialisation of it (key walk, redaction
 * hook, per-value stringify) cost about as much as pricing the request (decision 006). The
 * logger's level and bindings are honoured; `logger.test.ts` compares the two lines.
 */
export function logRequest(logger: Logger, line: RequestLine): void {
  if (!logger.isLevelEnabled("info")) return;
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as pino.DestinationStream;
  const time = (internals[pino.symbols.timeSym] as () => string)();
  const bindings = internals[pino.symbols.chindingsSym] as string;
  stream.write(
    `{"level":30${time}${bindings},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)}` +
      `,"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
  );
}
