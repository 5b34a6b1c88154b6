import { DomainError } from "#domain/errors.ts";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import type { Logger } from "#platform/logger.ts";
import { createMailer } from "#platform/mail/mailer.ts";
import { currentShopSettings, replyToOf, smtpUrlOf } from "#domain/settings/shop-settings.server.ts";

/**
 * "Enviar e-mail de teste" (decision 055): one message to the admin through the saved SMTP server,
 * now and not through the queue, so the owner reads the server's own answer when it refuses.
 */
export async function sendSettingsTestEmail(
  services: { db: Database; config: Config; logger: Logger },
  to: string,
): Promise<{ transport: "smtp" | "outbox"; to: string; message: string }> {
  const settings = await currentShopSettings(services);
  const smtpUrl = smtpUrlOf(settings);
  const mailer = createMailer(services.config, services.logger, async () => ({
    smtpUrl,
    from: settings.mailFrom,
    replyTo: replyToOf(settings),
  }));
  const body = `Este é um e-mail de teste. Se chegou, os clientes recebem os e-mails da ${settings.shopName}.`;
  try {
    await mailer.send({ to, subject: `E-mail de teste da ${settings.shopName}`, text: body, html: `<p>${body.replace(/[<>&]/g, "")}</p>` });
  } catch (error) {
    const answer = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200);
    throw new DomainError("invalid", "smtp_failed", `O servidor SMTP ${settings.smtp.host} não aceitou o e-mail: ${answer}`);
  }
  return smtpUrl
    ? { transport: "smtp", to, message: `E-mail de teste enviado para ${to} por ${settings.smtp.host}.` }
    : { transport: "outbox", to, message: "Sem servidor SMTP: o e-mail foi gravado na pasta outbox do servidor e não sai para ninguém." };
}
