import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "#platform/db/client.ts";
import type { Logger } from "#platform/logger.ts";

/**
 * The realtime bus (decision 004). Publishers call `publish()` inside their transaction: PostgreSQL
 * delivers the NOTIFY to every instance (this one included) only when that transaction commits, and
 * never when it rolls back. Hot write paths call `publishNow()` after their commit instead. Each instance holds one LISTEN connection and hands each message to the
 * subscribers of its topic (the server-sent events of /api/events, tests).
 *
 * Topics name who may see a message, never what it is about: `user:<userId>` (a signed-in
 * customer), `session:<cartSessionId>` (an anonymous browser), `admins`, and `shared-caches`
 * (the instances themselves, shared-caches.ts). Payloads stay small (the
 * NOTIFY limit is 8000 bytes): ids and a reason, and the browser fetches the data through the API,
 * where the usual access rules apply.
 */

export const REALTIME_CHANNEL = "shop_realtime";
/** The LISTEN connection's application_name in pg_stat_activity. */
export const REALTIME_APPLICATION_NAME = "shop realtime";
/** Events kept per instance so that a reconnecting browser gets what it missed (Last-Event-ID). */
const REPLAY_BUFFER = 1000;
/** What pg_notify accepts, minus room for the envelope. */
const MAX_PAYLOAD_BYTES = 7500;

export type RealtimeTopic = `user:${string}` | `session:${string}` | "admins" | typeof SHARED_CACHES_TOPIC;

/** Between instances only (shared-caches.ts): no browser is ever subscribed to it. */
export const SHARED_CACHES_TOPIC = "shared-caches";

/** A message as subscribers receive it: `id` orders the messages of one instance. */
export type RealtimeMessage = { id: string; topic: string; type: string; data: unknown };
export type RealtimeListener = (message: RealtimeMessage) => void;

/** Anything that runs SQL: the database or a transaction of it. */
type Executor = Pick<Database, "execute">;

export const userTopic = (userId: string): RealtimeTopic => `user:${userId}`;
export const sessionTopic = (sessionId: string): RealtimeTopic => `session:${sessionId}`;
export const ADMINS_TOPIC: RealtimeTopic = "admins";

/**
 * Queues a message for `topic`; it is sent when the surrounding transaction commits (at once when
 * `executor` is the database itself). `data` must be JSON and small.
 */
export async function publish(executor: Executor, topic: RealtimeTopic, type: string, data: unknown = null): Promise<void> {
  const payload = JSON.stringify({ topic, type, data });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new RangeError(`realtime payload too large for ${type}`);
  await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

export type OutgoingMessage = { topic: RealtimeTopic; type: string; data: unknown };

/** Payloads sent by one statement at most (one array parameter, so only the total size matters). */
const NOTIFY_BATCH_LIMIT = 500;
// unnest yields the array in order, so the messages are queued in the order they were published.
const NOTIFY_BATCH = {
  name: "realtime_notify_batch",
  text: `select set_config('synchronous_commit', 'off', true), pg_notify('${REALTIME_CHANNEL}', payload) from unnest($1::text[]) as payload`,
};

/** Where a database's post-commit messages wait while the previous batch is being sent. */
type NotifyQueue = { pending: Array<{ payloads: string[]; resolve: () => void; reject: (error: unknown) => void }>; sending: boolean };
const notifyQueues = new WeakMap<Database, NotifyQueue>();

function payloadOf(message: OutgoingMessage): string {
  const payload = JSON.stringify({ topic: message.topic, type: message.type, data: message.data });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new RangeError(`realtime payload too large for ${message.type}`);
  return payload;
}

async function drain(db: Database, queue: NotifyQueue): Promise<void> {
  queue.sending = true;
  while (queue.pending.length > 0) {
    const batch = queue.pending.splice(0, queue.pending.length);
    const payloads = batch.flatMap((entry) => entry.payloads);
    try {
      for (let start = 0; start < payloads.length; start += NOTIFY_BATCH_LIMIT) {
        await db.$client.query({ ...NOTIFY_BATCH, values: [payloads.slice(start, start + NOTIFY_BATCH_LIMIT)] });
      }
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
  queue.sending = false;
}

/**
 * Sends messages now, outside any transaction: for a hot path, right after its transaction commits.
 * PostgreSQL serialises the commits of transactions that NOTIFY (a lock on the queue, held until
 * the commit ends), which on the cart's add path cost more than all its other work together
 * (pgbench: 6 400 adds/s without NOTIFY, 2 600 with it). So the messages of concurrent writes are
 * coalesced: while one batch is being sent, the next ones wait and leave together in one statement
 * (one notifying commit for many writes; a quiet server sends each at once). The statement does not
 * wait for its commit record to be flushed (it writes nothing else). Resolves when the caller's
 * messages are sent. If the process dies between the write's commit and this send the messages
 * are lost: browsers re-read on reconnect, and the data itself is committed.
 */
export function publishNow(db: Database, messages: readonly OutgoingMessage[]): Promise<void> {
  if (messages.length === 0) return Promise.resolve();
  let payloads: string[];
  try {
    payloads = messages.map(payloadOf);
  } catch (error) {
    return Promise.reject(error);
  }
  let queue = notifyQueues.get(db);
  if (!queue) notifyQueues.set(db, (queue = { pending: [], sending: false }));
  const sent = new Promise<void>((resolve, reject) => queue.pending.push({ payloads, resolve, reject }));
  if (!queue.sending) void drain(db, queue);
  return sent;
}

/**
 * How the LISTEN connection comes back after it dropped (pg_terminate_backend, a PostgreSQL
 * restart, a failover): the first try soon, then doubling up to the cap, each delay jittered so
 * that the instances of a shop do not all knock at a restarting database at the same moment.
 */
export const RECONNECT_BACKOFF_MS = { first: 250, max: 10_000 };
/**
 * A LISTEN connection only receives, so a peer that vanished without closing it (a network blip, a
 * failover behind a load balancer) would go unnoticed: it is probed with a query this often, and a
 * probe without an answer within the timeout counts as a lost connection.
 */
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;

export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RECONNECT_BACKOFF_MS.max, RECONNECT_BACKOFF_MS.first * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export class RealtimeBus {
  /** Ids are `<instance>.<sequence>`: a Last-Event-ID from another instance (or before a restart) is not replayable. */
  readonly instance = randomUUID().slice(0, 8);
  private sequence = 0;
  /** The sequence when the LISTEN connection last dropped: messages after it may be missing. */
  private gapAfter = 0;
  private readonly recent: RealtimeMessage[] = [];
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  /** Told when the LISTEN connection is back after a loss: messages may be missing, so everyone must re-read. */
  private readonly resyncListeners = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  /** Set from a loss until the connection is back: its return is announced as a resync. */
  private interrupted = false;
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly clientConfig: pg.ClientConfig;
  private readonly logger?: Logger;

  constructor(clientConfig: pg.ClientConfig, logger?: Logger) {
    // TCP keepalive as a second line behind the probe; a Unix socket ignores it.
    this.clientConfig = {
      ...clientConfig,
      // Named, so an operator (and a test) can tell it in pg_stat_activity.
      application_name: REALTIME_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: PROBE_TIMEOUT_MS,
    };
    this.logger = logger;
  }

  /** Starts listening (once); resolves when LISTEN is in place, so nothing committed after it is missed. */
  ready(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Whether the LISTEN connection is in place now. */
  get listening(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (notification) => {
      if (notification.channel === REALTIME_CHANNEL && notification.payload) this.deliver(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${REALTIME_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempts = 0;
    this.probeTimer = setInterval(() => this.probe(client), PROBE_EVERY_MS).unref();
    if (this.interrupted) {
      this.interrupted = false;
      this.logger?.info("realtime: LISTEN connection back; browsers re-read");
      for (const listener of this.resyncListeners) listener();
    }
  }

  private probe(client: pg.Client): void {
    client.query("select 1").catch((error: unknown) => this.lost(client, error instanceof Error ? error : new Error(String(error))));
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = null;
    void client.end().catch(() => {});
    if (this.closed) return;
    this.interrupted = true;
    this.gapAfter = this.sequence;
    this.logger?.warn({ err: error }, "realtime: LISTEN connection lost, reconnecting");
    this.scheduleReconnect();
  }

  /** Tries again with back-off while anyone listens; a later subscribe() reconnects otherwise. */
  private scheduleReconnect(): void {
    if (this.retryTimer || this.closed) return;
    const delay = reconnectDelay(this.attempts++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed || this.client || this.listeners.size === 0) return;
      this.ready().catch((error: unknown) => {
        this.logger?.warn({ err: error, attempt: this.attempts }, "realtime: reconnecting LISTEN failed, trying again");
        this.scheduleReconnect();
      });
    }, delay).unref();
  }

  private deliver(payload: string): void {
    let parsed: { topic?: unknown; type?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.topic !== "string" || typeof parsed.type !== "string") return;
    const message: RealtimeMessage = {
      id: `${this.instance}.${++this.sequence}`,
      topic: parsed.topic,
      type: parsed.type,
      data: parsed.data ?? null,
    };
    this.recent.push(message);
    if (this.recent.length > REPLAY_BUFFER) this.recent.shift();
    for (const listener of this.listeners.get(message.topic) ?? []) {
      try {
        listener(message);
      } catch (error) {
        this.logger?.error({ err: error }, "realtime: listener failed");
      }
    }
  }

  /**
   * Calls `listener` for every message on `topics` from now on; returns the unsubscribe function.
   * Await `ready()` first when the caller must not miss a message committed right after.
   */
  subscribe(topics: readonly string[], listener: RealtimeListener): () => void {
    for (const topic of topics) {
      let set = this.listeners.get(topic);
      if (!set) this.listeners.set(topic, (set = new Set()));
      set.add(listener);
    }
    void this.ready().catch((error: unknown) => this.logger?.warn({ err: error }, "realtime: LISTEN failed"));
    return () => {
      for (const topic of topics) {
        const set = this.listeners.get(topic);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(topic);
      }
    };
  }

  /**
   * Calls `listener` each time the LISTEN connection is back after it dropped: messages published
   * meanwhile were lost, so whoever shows data must re-read it (from then on nothing is missed).
   */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * The messages on `topics` after `lastEventId`, or null when they cannot be known (another
   * instance's id, a restart, older than the buffer, or before the LISTEN connection last dropped):
   * the caller must then re-read everything.
   */
  since(lastEventId: string, topics: readonly string[]): RealtimeMessage[] | null {
    const [instance, sequenceText] = lastEventId.split(".");
    const sequence = Number(sequenceText);
    if (instance !== this.instance || !Number.isInteger(sequence) || sequence > this.sequence) return null;
    // The LISTEN connection dropped after that message: what came in between is unknown.
    if (sequence <= this.gapAfter) return null;
    const oldest = this.recent[0] ? Number(this.recent[0].id.split(".")[1]) : this.sequence + 1;
    if (sequence < oldest - 1) return null;
    const wanted = new Set(topics);
    return this.recent.filter((message) => Number(message.id.split(".")[1]) > sequence && wanted.has(message.topic));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.resyncListeners.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.probeTimer) clearInterval(this.probeTimer);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

const buses = new WeakMap<Database, RealtimeBus>();

/**
 * The bus of this database (one per process and database). Its LISTEN connection opens on the first
 * subscription and closes with the database pool (`db.$client.end()`), so shutting down the shop or a
 * test database needs no extra step.
 */
export function realtimeBus(db: Database, logger?: Logger): RealtimeBus {
  let bus = buses.get(db);
  if (!bus) {
    const pool = db.$client;
    bus = new RealtimeBus({ ...pool.options } as pg.ClientConfig, logger);
    buses.set(db, bus);
    const created = bus;
    const end = pool.end.bind(pool) as () => Promise<void>;
    pool.end = (async () => {
      await created.close();
      return end();
    }) as typeof pool.end;
  }
  return bus;
}
