import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLoggerTo, LineBatcher, type BatchTarget } from "#platform/logger.ts";

/** A target that records each batch it is handed and each synchronous flush. */
function recordingTarget() {
  const batches: string[] = [];
  let syncFlushes = 0;
  const target: BatchTarget = {
    write: (data) => batches.push(data),
    flushSync: () => {
      syncFlushes++;
    },
  };
  return { target, batches, syncFlushes: () => syncFlushes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("LineBatcher (the log's batching in front of sonic-boom)", () => {
  it("hands the target one write per batch, the lines whole and in order", () => {
    const { target, batches } = recordingTarget();
    const batcher = new LineBatcher(target, 30, 60_000);
    for (let i = 0; i < 7; i++) batcher.write(`{"n":${i}}\n`); // 8 bytes each
    expect(batches).toEqual(['{"n":0}\n{"n":1}\n{"n":2}\n{"n":3}\n']);
    batcher.close();
    expect(batches).toEqual(['{"n":0}\n{"n":1}\n{"n":2}\n{"n":3}\n', '{"n":4}\n{"n":5}\n{"n":6}\n']);
  });

  it("writes a quiet server's lines within the flush period", () => {
    vi.useFakeTimers();
    const { target, batches } = recordingTarget();
    const batcher = new LineBatcher(target, 8192, 200);
    batcher.write("one line\n");
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(batches).toEqual(["one line\n"]);
    batcher.close();
  });

  it("writes everything pending synchronously at exit", () => {
    const { target, batches, syncFlushes } = recordingTarget();
    const batcher = new LineBatcher(target, 8192, 60_000);
    batcher.write("last words\n");
    batcher.flushSync();
    expect(batches).toEqual(["last words\n"]);
    expect(syncFlushes()).toBe(1);
    batcher.close();
  });

  it("carries pino's lines unchanged", () => {
    const { target, batches } = recordingTarget();
    const batcher = new LineBatcher(target, 8192, 60_000);
    const logger = createLoggerTo("info", batcher);
    logger.info({ requestId: "abc", status: 200 }, "request");
    logger.warn("cuidado: ação");
    batcher.close();
    const lines = batches
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, service: "loja", requestId: "abc", status: 200, msg: "request" }),
      expect.objectContaining({ level: 40, service: "loja", msg: "cuidado: ação" }),
    ]);
  });
});

describe("createLoggerTo", () => {
  it("writes to the given stream", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    createLoggerTo("info", stream).info("olá");
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: "olá", service: "loja" });
  });
});
