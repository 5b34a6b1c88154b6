import { invalidUnsubscribeLink } from "#domain/recovery/recovery-errors.ts";
import { consumeRate, rateKey, type RateRule } from "#platform/rate-limit.ts";
import { marketingEmailAllowed, setMarketingEmail, validUnsubscribeSignature } from "#domain/recovery/marketing-email.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { USER_ONLY } from "#server/http/guards.ts";
import { recoveryContract } from "#server/contracts/recovery.ts";

/** Reminder e-mails (issue 19 item 5, decision 031): the account's choice, and the e-mail's unsubscribe link. */

export const getMarketingEmailEndpoint = defineEndpoint({
  ...recoveryContract.getMarketingEmail,
  guard: USER_ONLY,
  async handler({ c, user }) {
    return { enabled: await marketingEmailAllowed(c.get("services").db, user.id) };
  },
});

export const setMarketingEmailEndpoint = defineEndpoint({
  ...recoveryContract.setMarketingEmail,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    await setMarketingEmail(c.get("services").db, user.id, body.enabled);
    return body;
  },
});

/** Someone trying signatures gets nowhere anyway (128-bit MAC); this keeps the table of events small. */
export const UNSUBSCRIBE_RATE_RULE = { max: 20, windowSeconds: 60 } as const satisfies RateRule;

export const unsubscribeEndpoint = defineEndpoint({
  ...recoveryContract.unsubscribe,
  async handler({ body, c }) {
    const { db, config } = c.get("services");
    const decision = await consumeRate(
      db,
      rateKey("unsubscribe", normalizeAddress(clientAddress(c, config.TRUST_PROXY))),
      UNSUBSCRIBE_RATE_RULE,
    );
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    if (!validUnsubscribeSignature(config, body.account, body.signature)) {
      throw invalidUnsubscribeLink();
    }
    // Stopping twice is the same as once; an account deleted since has nothing left to stop.
    if (await marketingEmailAllowed(db, body.account)) await setMarketingEmail(db, body.account, false);
    return { unsubscribed: true as const };
  },
});

export const recoveryEndpoints = [getMarketingEmailEndpoint, setMarketingEmailEndpoint, unsubscribeEndpoint];
