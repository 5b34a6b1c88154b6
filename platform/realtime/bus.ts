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
/** Events kept per instance so that a reconnecting browser gets what it missed (Last-Event-ID). */
const REPLAY_BUFFER = 1000;
const RECONNECT_DELAY_MS = 1000;
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

export class RealtimeBus {
  /** Ids are `<instance>.<sequence>`: a Last-Event-ID from another instance (or before a restart) is not replayable. */
  readonly instance = randomUUID().slice(0, 8);
  private sequence = 0;
  private readonly recent: RealtimeMessage[] = [];
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  /** Told when the LISTEN connection was lost: messages may be missing, so everyone must re-read. */
  private readonly gapListeners = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private readonly clientConfig: pg.ClientConfig;
  private readonly logger?: Logger;

  constructor(clientConfig: pg.ClientConfig, logger?: Logger) {
    this.clientConfig = clientConfig;
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

  private async connect(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (notification) => {
      if (notification.channel === REALTIME_CHANNEL && notification.payload) this.deliver(notification.payload);
    });
    await client.connect();
    await client.query(`listen ${REALTIME_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => {});
    if (this.closed) return;
    this.logger?.warn({ err: error }, "realtime: LISTEN connection lost, reconnecting");
    for (const listener of this.gapListeners) listener();
    const retry = () => {
      if (this.closed || this.listeners.size === 0) return;
      this.ready().catch(() => setTimeout(retry, RECONNECT_DELAY_MS).unref());
    };
    setTimeout(retry, RECONNECT_DELAY_MS).unref();
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

  /** Called when messages may have been lost (the LISTEN connection dropped). */
  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  /**
   * The messages on `topics` after `lastEventId`, or null when they cannot be known (another
   * instance's id, a restart, or older than the buffer): the caller must then re-read everything.
   */
  since(lastEventId: string, topics: readonly string[]): RealtimeMessage[] | null {
    const [instance, sequenceText] = lastEventId.split(".");
    const sequence = Number(sequenceText);
    if (instance !== this.instance || !Number.isInteger(sequence) || sequence > this.sequence) return null;
    const oldest = this.recent[0] ? Number(this.recent[0].id.split(".")[1]) : this.sequence + 1;
    if (sequence < oldest - 1) return null;
    const wanted = new Set(topics);
    return this.recent.filter((message) => Number(message.id.split(".")[1]) > sequence && wanted.has(message.topic));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.gapListeners.clear();
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
