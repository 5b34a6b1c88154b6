import { consentRequestSchema, joinConsentSchema, joinedConsentSchema, recordedConsentSchema } from "#domain/consent/consent-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { consentRoutes } from "#server/contracts/consent.routes.ts";

/**
 * Consent events per client address. A person gives consent a few times at most (the gate once,
 * the cookie dialog now and then); 30 a minute leaves room for many people behind one carrier
 * address (CGNAT) while keeping a script from filling the table.
 */
export const CONSENT_RATE_RULE = { max: 30, windowSeconds: 60 } as const;

export const consentContract = defineContract(consentRoutes, {
  recordConsent: {
    operationId: "recordConsent",
    summary: `Registra escolhas de consentimento (idade, termos, cookies de análise e de marketing) com versão, horário, navegador e conta (LGPD; até ${CONSENT_RATE_RULE.max} por minuto por endereço)`,
    tag: "sistema",
    body: consentRequestSchema,
    response: recordedConsentSchema,
    status: 201,
  },
  joinConsent: {
    operationId: "joinConsent",
    summary:
      "Liga à conta as escolhas de consentimento feitas neste navegador antes de entrar (idade, termos, cookies), para que apareçam na visão do cliente e na exportação de dados",
    tag: "sistema",
    body: joinConsentSchema,
    response: joinedConsentSchema,
  },
});
