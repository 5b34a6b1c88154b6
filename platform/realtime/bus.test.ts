import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "#test/database.ts";
import { publishNow, realtimeBus, sessionTopic, type RealtimeMessage } from "#platform/realtime/bus.ts";

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
