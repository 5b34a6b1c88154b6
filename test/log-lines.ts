import { Writable } from "node:stream";
import { createLoggerTo, type Logger } from "#platform/logger.ts";

/** A logger at `info` whose JSON lines land, parsed, in `lines` (tests read what the shop logs). */
export function loggerToLines(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLoggerTo(
    "info",
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { logger, lines };
}
