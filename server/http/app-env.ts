import type { SecureHeadersVariables } from "hono/secure-headers";
import type { AppServices } from "#platform/services.ts";

export type AppEnv = {
  Variables: SecureHeadersVariables & {
    requestId: string;
    services: AppServices;
    /** The API error code of a failed request (set by the error handler), for the server error log. */
    errorCode?: string;
  };
};
