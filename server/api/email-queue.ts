import { z } from "zod";
import { emailDetailSchema, emailPageSchema, emailQuerySchema } from "#domain/email-queue/email-queue-schemas.ts";
import { getEmail, listEmails, resendEmail, sendTestEmail } from "#domain/email-queue/email-queue.server.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";
import { uuidParam } from "#server/http/params.ts";

/** The maintenance panel's e-mail queue (issue 18 item 3; decision 026). Admins only. */

const emailParams = z.object({ id: uuidParam(() => new ApiError(404, "not_found", "E-mail não encontrado.")) });

export const adminListEmailsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/emails",
  operationId: "adminListEmails",
  summary: "Os últimos e-mails da loja, do mais novo ao mais antigo: na fila, enviados ou que falharam (com a resposta do servidor SMTP)",
  tag: "admin",
  guard: ADMIN_ONLY,
  query: emailQuerySchema,
  response: emailPageSchema,
  async handler({ query, c }) {
    return listEmails(c.get("services").db, query);
  },
});

export const adminGetEmailEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/emails/:id",
  operationId: "adminGetEmail",
  summary: "Um e-mail: assunto, destinatário, texto, tentativas e último erro",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: emailParams,
  response: emailDetailSchema,
  async handler({ params, c }) {
    return getEmail(c.get("services").db, params.id);
  },
});

export const adminResendEmailEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/emails/:id/resend",
  operationId: "adminResendEmail",
  summary: "Põe de novo na fila um e-mail que falhou (novas tentativas); registrado na auditoria",
  tag: "admin",
  guard: ADMIN_ONLY,
  params: emailParams,
  response: emailDetailSchema,
  async handler({ params, c, user: admin }) {
    return resendEmail(c.get("services"), params.id, admin.id);
  },
});

export const adminTestEmailEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/emails/test",
  operationId: "adminSendTestEmail",
  summary: "Envia um e-mail de teste para o próprio administrador, pela mesma fila; registrado na auditoria",
  tag: "admin",
  guard: ADMIN_ONLY,
  status: 201,
  response: emailDetailSchema,
  async handler({ c, user: admin }) {
    return sendTestEmail(c.get("services"), admin.id);
  },
});

export const emailQueueEndpoints = [adminListEmailsEndpoint, adminGetEmailEndpoint, adminResendEmailEndpoint, adminTestEmailEndpoint];
