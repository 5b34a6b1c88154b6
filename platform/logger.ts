import pino from "pino";

export type Logger = pino.Logger;

/** Where a batch goes: sonic-boom in the shop, anything with the same two methods in tests. */
export type BatchTarget = { write(data: string): unknown; flushSync(): void };

/**
 * Collects log lines and hands them to `target` joined, one write per `batchBytes` (or per
 * `flushMs` when quiet). sonic-boom can batch by itself (`minLength`), but it measures its pending
 * text with `Buffer.byteLength` on every line, which flattens the growing string each time: about
 * 4 µs per line on this machine against 1 µs here, on every request (decision 006). sonic-boom
 * still does the writing: partial writes, EAGAIN on pipes, the synchronous flush at exit.
 */
export class LineBatcher {
  #lines: string[] = [];
  #size = 0;
  readonly #target: BatchTarget;
  readonly #batchBytes: number;
  readonly #timer: NodeJS.Timeout;

  constructor(target: BatchTarget, batchBytes: number, flushMs: number) {
    this.#target = target;
    this.#batchBytes = batchBytes;
    // unref: a pending flush must not keep a finished process alive (exit flushes synchronously).
    this.#timer = setInterval(() => this.flush(), flushMs).unref();
  }

  write(line: string): boolean {
    this.#lines.push(line);
    this.#size += line.length;
    if (this.#size >= this.#batchBytes) this.flush();
    return true;
  }

  /** Hands what is pending to the target (which writes it asynchronously). */
  flush(): void {
    if (this.#lines.length === 0) return;
    const batch = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join("");
    this.#lines = [];
    this.#size = 0;
    this.#target.write(batch);
  }

  /** Everything pending, written before returning (process exit). */
  flushSync(): void {
    this.flush();
    this.#target.flushSync();
  }

  close(): void {
    clearInterval(this.#timer);
    this.flush();
  }
}

const batchers = new Set<LineBatcher>();

function flushAll(): void {
  for (const batcher of batchers) {
    try {
      batcher.flushSync();
    } catch {
      // stdout is gone: nothing left to write to.
    }
  }
}

/** Lines are written in batches of this many bytes, or after this long at most (decision 006). */
const LOG_BATCH_BYTES = 8192;
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

/** What a logged error may say about a database failure: where and why, never which values. */
const DATABASE_FIELDS = ["code", "constraint", "table", "column", "schema", "routine", "severity"] as const;

/**
 * The `err` of every log line. pino's own serializer writes every field of an error, and a failed
 * query's carry the customer's data: Drizzle's message and `params` hold the statement's values (a
 * CPF, an address, an e-mail, a session token), PostgreSQL's `detail` the offending key's. This one
 * keeps the type, the message without the values, the stack's frames, the database's code and
 * constraint, and the cause, told the same way.
 */
export function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as unknown as Record<string, unknown>;
  const isFailedQuery = typeof fields.query === "string" && "params" in fields;
  const message = isFailedQuery ? `Failed query: ${String(fields.query)}` : error.message;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  const told: Record<string, unknown> = { type: error.name, message, stack: frames.join("\n") };
  for (const name of DATABASE_FIELDS) if (typeof fields[name] === "string") told[name] = fields[name];
  if (error.cause !== undefined && depth < 3) told.cause = safeError(error.cause, depth + 1);
  return told;
}

/** The options every logger of the shop shares. */
function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    base: { service: "loja" },
    timestamp: isoTimeCached,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    serializers: { err: safeError },
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
  const destination = pino.destination({ fd: 1, sync: false, minLength: 0 });
  // A closed stdout (the parent npm died first) must not crash the process, least of all during
  // shutdown, when PostgreSQL still has to be stopped.
  destination.on("error", () => {});
  const batcher = new LineBatcher(destination, LOG_BATCH_BYTES, LOG_FLUSH_MS);
  if (batchers.size === 0) process.once("exit", flushAll);
  batchers.add(batcher);
  return pino(loggerOptions(level), batcher);
}
