import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  const destination = pino.destination({ fd: 1, sync: true });
  // A closed stdout (the parent npm died first) must not crash the process, least of all during
  // shutdown, when PostgreSQL still has to be stopped.
  destination.on("error", () => {});
  return pino(
    {
      level,
      base: { service: "loja" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ["req.headers.cookie", "req.headers.authorization"],
    },
    destination,
  );
}
