import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "#platform/config.ts";
import type { Logger } from "#platform/logger.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. List-Unsubscribe on reminder e-mails (RFC 2369). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** Resolves once the SMTP server accepted the message (or it was written to the outbox). */
  send(message: MailMessage): Promise<void>;
};

/** Where messages go when no SMTP server is configured: one .eml file each, readable by any mail client. */
export function outboxDir(config: Config): string {
  return path.join(config.dataDir, "outbox");
}

/**
 * Transactional e-mail: through SMTP_URL when it is set; otherwise each message is written to
 * DATA_DIR/outbox/*.eml and logged, so `npm start` works offline and nothing is lost.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(config.SMTP_URL);
    const host = new URL(config.SMTP_URL).host;
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ subject: message.subject, smtp: host }, "e-mail sent"); // never the address: personal data (decision 013)
      },
    };
  }
  const dir = outboxDir(config);
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await writer.sendMail({ from, ...message });
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ subject: message.subject, file }, "e-mail written to the outbox (SMTP_URL not set)");
    },
  };
}

const mailers = new WeakMap<Config, Mailer>();

/** One mailer (one SMTP connection pool) per configuration, created on first use. */
export function mailerFor(services: { config: Config; logger: Logger }): Mailer {
  let mailer = mailers.get(services.config);
  if (!mailer) {
    mailer = createMailer(services.config, services.logger);
    mailers.set(services.config, mailer);
  }
  return mailer;
}

/**
 * Deletes the outbox's messages to `address` (LGPD: a deleted account leaves no copy of its mail
 * behind). Only the offline outbox: messages handed to an SMTP server are no longer the shop's.
 * Returns how many files went.
 */
export async function removeOutboxMessagesTo(config: Config, address: string): Promise<number> {
  if (config.SMTP_URL) return 0;
  const dir = outboxDir(config);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const wanted = address.trim().toLowerCase();
  let removed = 0;
  for (const name of names.filter((file) => file.endsWith(".eml"))) {
    const file = path.join(dir, name);
    const raw = await fs.readFile(file, "utf8").catch(() => "");
    // The header block ends at the first blank line; folded lines continue with a space or tab.
    const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const to = /^to:(.*)$/im.exec(head)?.[1] ?? "";
    const recipients = to.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? [];
    if (recipients.some((recipient) => recipient.toLowerCase() === wanted)) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
