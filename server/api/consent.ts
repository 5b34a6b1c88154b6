import { consumeRate, rateKey } from "#platform/rate-limit.ts";
import { joinBrowserConsent, recordConsent } from "#domain/consent/consent.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { currentUser, USER_ONLY } from "#server/http/guards.ts";
import { rememberAgeChoice } from "#server/http/age-refusal.ts";
import { CONSENT_RATE_RULE, consentContract } from "#server/contracts/consent.ts";

export { CONSENT_RATE_RULE };

/**
 * Records the visitor's consent choices (the age gate's age and terms; the cookie dialog's
 * analytics and marketing). Public: the gate is accepted before anyone signs in; a signed-in
 * visitor's events also carry the account, so they appear in its data export. A "no" to the age
 * question (the gate's "Não Concordo") marks the browser, so its cart and checkout are refused.
 */
export const recordConsentEndpoint = defineEndpoint({
  ...consentContract.recordConsent,
  async handler({ body, c }) {
    const { db, config } = c.get("services");
    const address = normalizeAddress(clientAddress(c, config.TRUST_PROXY));
    const decision = await consumeRate(db, rateKey("consent", address), CONSENT_RATE_RULE);
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    const user = await currentUser(c);
    const recorded = await recordConsent(db, body, user?.id ?? null);
    // The age answer also decides whether this browser may fill a cart and check out (decision 064).
    const age = body.choices.find((choice) => choice.purpose === "age");
    if (age) rememberAgeChoice(c, !age.granted);
    return { recorded };
  },
});

/** Signed up or in: this browser's earlier consent events join the account (same rate as recording). */
export const joinConsentEndpoint = defineEndpoint({
  ...consentContract.joinConsent,
  guard: USER_ONLY,
  async handler({ body, c, user }) {
    const { db, config } = c.get("services");
    const address = normalizeAddress(clientAddress(c, config.TRUST_PROXY));
    const decision = await consumeRate(db, rateKey("consent", address), CONSENT_RATE_RULE);
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    return { joined: await joinBrowserConsent(db, body.browserId, user.id) };
  },
});
