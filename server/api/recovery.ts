import { consumeRate, rateKey, type RateRule } from "#platform/rate-limit.ts";
import { marketingEmailAllowed, setMarketingEmail, validUnsubscribeSignature } from "#domain/recovery/marketing-email.server.ts";
import { marketingEmailSchema, unsubscribedSchema, unsubscribeSchema } from "#domain/recovery/recovery-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { clientAddress, normalizeAddress } from "#server/http/client-address.ts";
import { ApiError, rateLimitedError } from "#server/http/errors.ts";
import { USER_ONLY } from "#server/http/guards.ts";

/** Reminder e-mails (issue 19 item 5, decision 031): the account's choice, and the e-mail's unsubscribe link. */

export const getMarketingEmailEndpoint = defineEndpoint({
  method: "get",
  path: "/account/marketing-emails",
  operationId: "getMarketingEmails",
  summary: "Se a conta conectada aceita lembretes por e-mail (carrinho esquecido)",
  tag: "conta",
  guard: USER_ONLY,
  response: marketingEmailSchema,
  async handler({ c, user }) {
    return { enabled: await marketingEmailAllowed(c.get("services").db, user.id) };
  },
});

export const setMarketingEmailEndpoint = defineEndpoint({
  method: "put",
  path: "/account/marketing-emails",
  operationId: "setMarketingEmails",
  summary: "Aceita ou recusa lembretes por e-mail (registrado como consentimento, LGPD)",
  tag: "conta",
  guard: USER_ONLY,
  body: marketingEmailSchema,
  response: marketingEmailSchema,
  async handler({ body, c, user }) {
    await setMarketingEmail(c.get("services").db, user.id, body.enabled);
    return body;
  },
});

/** Someone trying signatures gets nowhere anyway (128-bit MAC); this keeps the table of events small. */
export const UNSUBSCRIBE_RATE_RULE = { max: 20, windowSeconds: 60 } as const satisfies RateRule;

export const unsubscribeEndpoint = defineEndpoint({
  method: "post",
  path: "/unsubscribe",
  operationId: "unsubscribe",
  summary: "Para os lembretes por e-mail pelo link do e-mail, sem entrar na conta (assinatura do link conferida)",
  tag: "conta",
  body: unsubscribeSchema,
  response: unsubscribedSchema,
  async handler({ body, c }) {
    const { db, config } = c.get("services");
    const decision = await consumeRate(
      db,
      rateKey("unsubscribe", normalizeAddress(clientAddress(c, config.TRUST_PROXY))),
      UNSUBSCRIBE_RATE_RULE,
    );
    if (!decision.allowed) throw rateLimitedError(decision.retryAfterSeconds);
    if (!validUnsubscribeSignature(config, body.account, body.signature)) {
      throw new ApiError(400, "invalid_unsubscribe_link", "Link de descadastro inválido. Use o link completo do e-mail.");
    }
    // Stopping twice is the same as once; an account deleted since has nothing left to stop.
    if (await marketingEmailAllowed(db, body.account)) await setMarketingEmail(db, body.account, false);
    return { unsubscribed: true as const };
  },
});

export const recoveryEndpoints = [getMarketingEmailEndpoint, setMarketingEmailEndpoint, unsubscribeEndpoint];
