import { z } from "zod";
import { forgetGoLive, readGoLive } from "#domain/settings/go-live.server.ts";
import { goLiveReportSchema } from "#domain/settings/go-live-rules.ts";
import { currentShopSettings, saveShopSettings, settingsView, smtpUrlOf } from "#domain/settings/shop-settings.server.ts";
import { shopSettingsInput, shopSettingsSchema, testEmailResultSchema } from "#domain/settings/settings-schemas.ts";
import { createMailer } from "#platform/mail/mailer.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { ApiError } from "#server/http/errors.ts";
import { ADMIN_ONLY } from "#server/http/guards.ts";

/** The owner's settings and the go-live check (issue 28 items 1 and 2, decisions 055 and 056). Admins only. */

export const getSettingsEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/settings",
  operationId: "adminGetSettings",
  summary: "Configurações da loja em vigor (as salvas no admin, ou as variáveis de ambiente da primeira partida); nunca a senha do SMTP",
  tag: "admin",
  guard: ADMIN_ONLY,
  response: shopSettingsSchema,
  async handler({ c }) {
    return settingsView(await currentShopSettings(c.get("services")));
  },
});

export const saveSettingsEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/settings",
  operationId: "adminSaveSettings",
  summary:
    "Salva as configurações da loja (identidade, chave Pix validada pelo tipo, WhatsApp, remetente e SMTP): auditado, em vigor em todas as instâncias em segundos. Sem `smtp.password`, a senha salva é mantida",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: shopSettingsInput,
  response: shopSettingsSchema,
  async handler({ body, c, user }) {
    const services = c.get("services");
    const saved = await saveShopSettings(services, user.id, body);
    forgetGoLive(services.db);
    return settingsView(saved);
  },
});

export const testEmailEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/settings/test-email",
  operationId: "adminSendSettingsTestEmail",
  summary:
    "Envia um e-mail de teste ao administrador pelo servidor SMTP salvo, na hora (sem fila): a resposta diz se chegou ao servidor ou o que ele respondeu",
  tag: "admin",
  guard: ADMIN_ONLY,
  body: z.object({}).strict(),
  response: testEmailResultSchema,
  async handler({ c, user }) {
    const services = c.get("services");
    const settings = await currentShopSettings(services);
    const smtpUrl = smtpUrlOf(settings);
    const mailer = createMailer(services.config, services.logger, async () => ({
      smtpUrl,
      from: settings.mailFrom,
      replyTo: settings.mailReplyTo,
    }));
    try {
      await mailer.send({
        to: user.email,
        subject: `E-mail de teste da ${settings.shopName}`,
        text: `Este é um e-mail de teste. Se chegou, os clientes recebem os e-mails da ${settings.shopName}.`,
        html: `<p>Este é um e-mail de teste. Se chegou, os clientes recebem os e-mails da ${settings.shopName}.</p>`,
      });
    } catch (error) {
      const answer = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200);
      throw new ApiError(400, "smtp_failed", `O servidor SMTP ${settings.smtp.host} não aceitou o e-mail: ${answer}`);
    }
    forgetGoLive(services.db);
    return smtpUrl
      ? { transport: "smtp" as const, to: user.email, message: `E-mail de teste enviado para ${user.email} por ${settings.smtp.host}.` }
      : {
          transport: "outbox" as const,
          to: user.email,
          message: "Sem servidor SMTP: o e-mail foi gravado na pasta outbox do servidor e não sai para ninguém.",
        };
  },
});

export const goLiveEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/go-live",
  operationId: "adminGoLive",
  summary:
    "Verificação para abrir a loja: chave Pix, identificação e WhatsApp reais, HTTPS, SMTP respondendo, segredos, backup do último dia e suas ferramentas, arquivos digitais, armazenamento compartilhado; cada item verde ou vermelho com o que fazer",
  tag: "manutenção",
  guard: ADMIN_ONLY,
  response: goLiveReportSchema,
  async handler({ c }) {
    return readGoLive(c.get("services"));
  },
});

export const settingsEndpoints = [getSettingsEndpoint, saveSettingsEndpoint, testEmailEndpoint, goLiveEndpoint];
