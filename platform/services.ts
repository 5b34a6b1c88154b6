import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import type { Logger } from "#platform/logger.ts";

/** What every request handler and domain service can reach: one instance per process. */
export type AppServices = {
  config: Config;
  db: Database;
  logger: Logger;
};
