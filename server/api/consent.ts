import { consumeRate, rateKey, type RateRule } from "#platform/rate-limit.ts";
import { consentRequestSchema, recordedConsentSchema } from "#domain/consent/consent-schemas.ts";
import { recordConsent } from "#domain/consent/consent.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { rateLimitedError } from "#server/http/errors.ts";
import { currentUser } from "#server/http/guards.ts";

/**
 * Consent events per client address. A person gives consent a few times at most (the gate once,
 * the cookie dialog now and then); 30 a minute leaves room for many people behind one carrier
 * address (CGNAT) while keeping a script from filling the table.
 */
export const CONSENT_RATE_RULE = { max: 30, windowSeconds: 60 } as const satisfies RateRule;

/**
 * Records the visitor's consent choices (the age gate's age and terms; the cookie dialog's
 * analytics and marketing). Public: the gate is accepted before anyone signs in; a signed-in
 * visitor's events also carry the account, so they appear in its data export.
 */
export const recordConsentEndpoint = defineEndpoint({
  method: "post",
  path: "/consent",
  operationId: "recordConsent",
  summary: `Registra escolhas de consentimento (idade, termos, cookies de análise e de marketing) com versão, horário, navegador e conta (LGPD; até ${CONSENT_RATE_RULE.max} por minuto por endereço)`,
  tag: "sistema",
  body: consentRequestSchema,
  response: recordedConsentSchema,
  status: 201,
  async handler({ body, c }) {
    const { db, config } = c.get("services");
    const address = normalizeAddress(clientAddress(c, config.TRUST_PROXY));
    const decision = await consumeRate(db, rateKey("consent", address), CONSENT_RATE_RULE);
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    const user = await currentUser(c);
    return { recorded: await recordConsent(db, body, user?.id ?? null) };
  },
});
