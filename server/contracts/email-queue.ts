import { z } from "zod";
import { emailNotFound } from "#domain/email-queue/email-queue-errors.ts";
import { defineContract, uuidParam } from "#server/contracts/define-contract.ts";
import { emailDetailSchema, emailPageSchema, emailQuerySchema } from "#domain/email-queue/email-queue-schemas.ts";
import { emailQueueRoutes } from "#server/contracts/email-queue.routes.ts";

const emailParams = z.object({ id: uuidParam(emailNotFound) });

export const emailQueueContract = defineContract(emailQueueRoutes, {
  adminListEmails: {
    operationId: "adminListEmails",
    summary: "Os últimos e-mails da loja, do mais novo ao mais antigo: na fila, enviados ou que falharam (com a resposta do servidor SMTP)",
    tag: "admin",
    query: emailQuerySchema,
    response: emailPageSchema,
  },
  adminGetEmail: {
    operationId: "adminGetEmail",
    summary: "Um e-mail: assunto, destinatário, texto, tentativas e último erro",
    tag: "admin",
    params: emailParams,
    response: emailDetailSchema,
  },
  adminResendEmail: {
    operationId: "adminResendEmail",
    summary: "Põe de novo na fila um e-mail que falhou (novas tentativas); registrado na auditoria",
    tag: "admin",
    params: emailParams,
    response: emailDetailSchema,
  },
  adminTestEmail: {
    operationId: "adminSendTestEmail",
    summary: "Envia um e-mail de teste para o próprio administrador, pela mesma fila; registrado na auditoria",
    tag: "admin",
    status: 201,
    response: emailDetailSchema,
  },
});
