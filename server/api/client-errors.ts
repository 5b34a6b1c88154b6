import { consumeRate, rateKey } from "#platform/rate-limit.ts";
import { recordClientError } from "#domain/maintenance/error-log.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { CLIENT_ERROR_RATE_RULE, clientErrorInput, clientErrorsContract } from "#server/contracts/client-errors.ts";

export { CLIENT_ERROR_RATE_RULE, clientErrorInput };

/**
 * The global error screen reports what broke, for the maintenance panel. Public (visitors hit
 * errors too), so it is rate limited per client address and its table is bounded.
 */
export const clientErrorEndpoint = defineEndpoint({
  ...clientErrorsContract.clientError,
  async handler({ body, c }) {
    const { db, config } = c.get("services");
    // Counted after validation: a malformed body writes nothing, so it needs no allowance.
    const address = normalizeAddress(clientAddress(c, config.TRUST_PROXY));
    const decision = await consumeRate(db, rateKey("client-error", address), CLIENT_ERROR_RATE_RULE);
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    await recordClientError(db, { ...body, userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null });
    return { received: true as const };
  },
});
