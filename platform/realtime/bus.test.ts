import pg from "pg";
import { describe, expect, it } from "vitest";
import { serverUrl, setUpTestDatabase } from "#test/database.ts";
import { loggerToLines } from "#test/log-lines.ts";
import {
  publishNow,
  RealtimeBus,
  realtimeBus,
  reconnectDelay,
  RECONNECT_BACKOFF_MS,
  REALTIME_APPLICATION_NAME,
  sessionTopic,
  type RealtimeMessage,
  type RealtimeTopic,
} from "#platform/realtime/bus.ts";

const t = setUpTestDatabase();

describe("publishNow (messages sent after a write commits)", () => {
  it("delivers every message of many concurrent writes, each write's messages in order, and tells each caller when its own are sent", async () => {
    const bus = realtimeBus(t.db);
    await bus.ready();
    const writers = 60;
    const perWriter = 3;
    const received: RealtimeMessage[] = [];
    const topics = Array.from({ length: writers }, (_, writer) => sessionTopic(`writer-${writer}`));
    const all = new Promise<void>((resolve) => {
      const stop = bus.subscribe(topics, (message) => {
        received.push(message);
        if (received.length === writers * perWriter) {
          stop();
          resolve();
        }
      });
    });
    // Concurrent writers: while the first batch is on its way, the others wait and leave together.
    await Promise.all(
      topics.map((topic) =>
        publishNow(
          t.db,
          Array.from({ length: perWriter }, (_, step) => ({ topic, type: "test.step", data: { step } })),
        ),
      ),
    );
    await all;
    for (const topic of topics) {
      const steps = received.filter((message) => message.topic === topic).map((message) => (message.data as { step: number }).step);
      expect(steps, topic).toEqual([0, 1, 2]);
    }
  });

  it("refuses a payload over the NOTIFY limit without sending the others of that call", async () => {
    const topic = sessionTopic("too-large");
    await expect(
      publishNow(t.db, [
        { topic, type: "ok", data: null },
        { topic, type: "big", data: "x".repeat(8000) },
      ]),
    ).rejects.toThrow(RangeError);
  });
});

/*
 * Issue 16 item 1: the LISTEN connection dies with its backend (pg_terminate_backend, a PostgreSQL
 * restart, a failover). The bus connects again with back-off and then tells its subscribers to
 * re-read: what was published while it was away never reaches them.
 */
describe("the LISTEN connection", () => {
  /** Terminates this database's LISTEN backend; resolves with how many were terminated. */
  async function terminateListener(): Promise<number> {
    const { rows } = await t.db.$client.query<{ terminated: boolean }>(
      "select pg_terminate_backend(pid) as terminated from pg_stat_activity where application_name = $1 and datname = current_database()",
      [REALTIME_APPLICATION_NAME],
    );
    return rows.filter((row) => row.terminated).length;
  }

  /** Resolves with the next message on `topic`, or rejects after `ms`. */
  function nextMessage(topic: RealtimeTopic, ms = 10_000): Promise<RealtimeMessage> {
    const bus = realtimeBus(t.db);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing on ${topic} within ${ms} ms`)), ms);
      const stop = bus.subscribe([topic], (message) => {
        clearTimeout(timer);
        stop();
        resolve(message);
      });
    });
  }

  async function waitFor(what: string, check: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  function nextResync(ms = 15_000): Promise<void> {
    const bus = realtimeBus(t.db);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no resync within ${ms} ms`)), ms);
      const stop = bus.onResync(() => {
        clearTimeout(timer);
        stop();
        resolve();
      });
    });
  }

  it("comes back after pg_terminate_backend, announces a resync, and delivers what is published afterwards", async () => {
    const bus = realtimeBus(t.db);
    const topic = sessionTopic("survivor");
    const keep = bus.subscribe([topic], () => {});
    await bus.ready();
    const before = nextMessage(topic);
    await publishNow(t.db, [{ topic, type: "test.before", data: null }]);
    const seenBefore = await before;

    const resynced = nextResync();
    expect(await terminateListener()).toBe(1);
    await resynced;
    expect(bus.listening).toBe(true);

    const after = nextMessage(topic);
    await publishNow(t.db, [{ topic, type: "test.after", data: { n: 1 } }]);
    expect(await after).toMatchObject({ topic, type: "test.after", data: { n: 1 } });
    // A browser whose last event came before the gap cannot be replayed what it missed: it re-reads.
    expect(bus.since(seenBefore.id, [topic])).toBeNull();
    keep();
  });

  it("keeps trying while the database refuses connections, and resyncs once it takes them again", async () => {
    // A bus of its own, whose log tells how its attempts went.
    const { logger, lines } = loggerToLines();
    const bus = new RealtimeBus({ ...t.db.$client.options } as pg.ClientConfig, logger);
    const topic = sessionTopic("patient");
    const received: RealtimeMessage[] = [];
    bus.subscribe([topic], (message) => received.push(message));
    await bus.ready();
    const resynced = new Promise<void>((resolve) => bus.onResync(resolve));
    const admin = new pg.Client({ connectionString: serverUrl() });
    await admin.connect();
    const database = `"${t.name.replaceAll('"', '""')}"`;
    const failedAttempts = () => lines.filter((line) => line.msg === "realtime: reconnecting LISTEN failed, trying again").length;
    try {
      await admin.query(`alter database ${database} with allow_connections false`);
      // This bus's connection, and the shared bus's of the tests above.
      expect(await terminateListener()).toBeGreaterThanOrEqual(1);
      // Several attempts fail meanwhile (each logged and retried); none may stop the retrying.
      await waitFor("three failed attempts", () => failedAttempts() >= 3, 20_000);
      expect(bus.listening).toBe(false);
      await admin.query(`alter database ${database} with allow_connections true`);
      await resynced;
      await publishNow(t.db, [{ topic, type: "test.back", data: null }]);
      await waitFor("the message published after the return", () => received.some((message) => message.type === "test.back"));
    } finally {
      await admin.query(`alter database ${database} with allow_connections true`);
      await admin.end();
      await bus.close();
    }
  }, 45_000);

  it("waits longer after each failed attempt, up to a cap, with jitter", () => {
    const highest = () => 0.999_999;
    const delays = Array.from({ length: 10 }, (_, attempt) => reconnectDelay(attempt, highest));
    expect(delays.slice(0, 4)).toEqual([250, 500, 1000, 2000]);
    expect(delays.at(-1)).toBe(RECONNECT_BACKOFF_MS.max);
    expect(reconnectDelay(3, () => 0)).toBe(1000);
  });
});
