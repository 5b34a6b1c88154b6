import type { SecureHeadersVariables } from "hono/secure-headers";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** What every request handler can reach: one instance per process. */
export type AppServices = {
  config: Config;
  db: Database;
  logger: Logger;
};

export type AppEnv = {
  Variables: SecureHeadersVariables & {
    requestId: string;
    services: AppServices;
  };
};
