import type { SecureHeadersVariables } from "hono/secure-headers";
import type { AppServices } from "#platform/services.ts";

export type AppEnv = {
  Variables: SecureHeadersVariables & {
    requestId: string;
    services: AppServices;
  };
};
