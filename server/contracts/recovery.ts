import { marketingEmailSchema, unsubscribedSchema, unsubscribeSchema } from "#domain/recovery/recovery-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { recoveryRoutes } from "#server/contracts/recovery.routes.ts";

export const recoveryContract = defineContract(recoveryRoutes, {
  getMarketingEmail: {
    operationId: "getMarketingEmails",
    summary: "Se a conta conectada aceita lembretes por e-mail (carrinho esquecido)",
    tag: "conta",
    response: marketingEmailSchema,
  },
  setMarketingEmail: {
    operationId: "setMarketingEmails",
    summary: "Aceita ou recusa lembretes por e-mail (registrado como consentimento, LGPD)",
    tag: "conta",
    body: marketingEmailSchema,
    response: marketingEmailSchema,
  },
  unsubscribe: {
    operationId: "unsubscribe",
    summary: "Para os lembretes por e-mail pelo link do e-mail, sem entrar na conta (assinatura do link conferida)",
    tag: "conta",
    body: unsubscribeSchema,
    response: unsubscribedSchema,
  },
});
