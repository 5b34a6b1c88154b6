import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLoggerTo, logRequest, type RequestLine } from "./logger.ts";

/** A logger whose lines land in `lines` (one string per line, as written). */
function capturingLogger(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { logger: createLoggerTo(level, stream), lines };
}

const line: RequestLine = { requestId: "abc-123", method: "POST", path: "/api/functions/calculate-price", status: 200, ms: 3 };

describe("logRequest (the access log line)", () => {
  it("writes exactly the line pino writes for logger.info(fields, 'request'), bindings included", () => {
    const { logger, lines } = capturingLogger("info");
    const child = logger.child({ worker: 2 });
    child.info(line, "request");
    logRequest(child, line);
    expect(lines).toHaveLength(2);
    // Same keys in the same order, same values; only the millisecond of the time may differ.
    const [byPino, byHand] = lines.map((text) => text.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(byHand).toBe(byPino);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 30, service: "loja", worker: 2, ...line, msg: "request" });
  });

  it("escapes what it is given, so a line is always one valid JSON document", () => {
    const { logger, lines } = capturingLogger("info");
    logRequest(logger, { ...line, path: '/a"b\\c\nd' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).path).toBe('/a"b\\c\nd');
  });

  it("writes nothing when the level is above info", () => {
    const { logger, lines } = capturingLogger("warn");
    logRequest(logger, line);
    expect(lines).toEqual([]);
  });
});
