import { Writable } from "node:stream";
import { createLoggerTo, type Logger } from "#platform/logger.ts";

/** A logger at `level` whose JSON lines land, parsed, in `lines` (tests read what the shop logs). */
export function loggerToLines(level = "info"): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLoggerTo(
    level,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { logger, lines };
}
