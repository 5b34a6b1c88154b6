import type { Logger } from "#platform/logger.ts";

/** What better-auth hands its `logger.log`: a level, a message and whatever it was given beside it. */
type AuthLogLevel = "debug" | "info" | "success" | "warn" | "error";

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

/**
 * A better-auth message without data: some embed an error's message, and Drizzle's ends with the
 * failed statement's values ("Failed query: … \nparams: maria@…,token"); an address that slipped
 * into one is masked too.
 */
export function authLogMessage(message: string): string {
  const params = message.indexOf("\nparams:");
  return (params === -1 ? message : message.slice(0, params)).replace(EMAIL, "[e-mail]");
}

/**
 * better-auth's logger, routed through the shop's: its errors go out as `err`, so the shop's
 * serializer (safeError: code and constraint, never a query's values nor a row) tells them, and
 * anything else it passes along (a user, a row, a payload, a token) is left out, only counted.
 * Its warnings are ordinary events ("User not found" on a failed sign-in); its info messages (a
 * sign-up attempt for an existing e-mail) are details.
 */
export function authLogger(logger: Logger) {
  return {
    // "info", so better-auth hands everything to `log` below and prints nothing itself.
    level: "info" as const,
    log(level: AuthLogLevel, message: string, ...args: unknown[]) {
      const method = level === "error" ? "error" : level === "warn" ? "info" : "debug";
      const err = args.find((arg) => arg instanceof Error);
      const leftOut = args.filter((arg) => arg !== err).length;
      logger[method]({ auth: true, ...(err ? { err } : {}), ...(leftOut > 0 ? { detailsLeftOut: leftOut } : {}) }, authLogMessage(message));
    },
  };
}
