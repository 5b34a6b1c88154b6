import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "#platform/config.ts";
import type { Logger } from "#platform/logger.ts";
import { type MailBrand, withBrand } from "#platform/mail/brand.ts";

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
 * Where and as whom e-mails go: the SMTP server (none: the outbox), the sender and the reply-to; and
 * the name or logo at the top of each (absent: as the template wrote it).
 */
export type MailTransportSettings = { smtpUrl: string | undefined; from: string; replyTo: string | null; brand?: MailBrand };

export const transportSettingsOf = (config: Config): MailTransportSettings => ({
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  replyTo: null,
});

type SettingsReader = () => Promise<MailTransportSettings>;

/**
 * Transactional e-mail: through the SMTP server when there is one; otherwise each message is written
 * to DATA_DIR/outbox/*.eml and logged, so `npm start` works offline and nothing is lost. The server,
 * sender and reply-to are read at each send (the owner may change them in the admin, decision 055);
 * one transport per server URL is kept.
 */
export function createMailer(
  config: Config,
  logger: Logger,
  readSettings: SettingsReader = async () => transportSettingsOf(config),
): Mailer {
  const transports = new Map<string, Transporter>();
  const dir = outboxDir(config);
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { smtpUrl, from, replyTo, brand } = await readSettings();
      const envelope = { from, ...(replyTo ? { replyTo } : {}), ...withBrand(message, brand) };
      if (smtpUrl) {
        let transport = transports.get(smtpUrl);
        if (!transport) transports.set(smtpUrl, (transport = nodemailer.createTransport(smtpUrl)));
        await transport.sendMail(envelope);
        logger.info({ subject: message.subject, smtp: new URL(smtpUrl).host }, "e-mail sent"); // never the address: personal data (decision 013)
        return;
      }
      const info = await writer.sendMail(envelope);
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ subject: message.subject, file }, "e-mail written to the outbox (no SMTP server set)");
    },
  };
}

/**
 * Asks the SMTP server whether it answers and takes the credentials (nodemailer's verify: connect,
 * EHLO, STARTTLS, AUTH), within `timeoutMs`. Throws its answer when it does not.
 */
export async function verifySmtp(smtpUrl: string, timeoutMs = 8000): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

/** What the settings reader needs: the database its settings are in. */
type SettingsSource = { config: Config; db?: unknown };
type ServicesWithDb = SettingsSource & { logger: Logger };
let settingsReader: ((services: SettingsSource) => Promise<MailTransportSettings>) | undefined;

/** The shop's settings module tells the mailer where its saved settings are (platform knows no shop). */
export function registerMailSettingsReader(reader: (services: SettingsSource) => Promise<MailTransportSettings>): void {
  settingsReader = reader;
}

/**
 * What the mailer would use now: the saved settings through the registered reader (the settings
 * module's own cached copy, no query of its own), else the environment's. The templates take the
 * brand's name from here for their subjects and footnotes.
 */
export function mailSettingsFor(services: SettingsSource): Promise<MailTransportSettings> {
  const reader = settingsReader;
  return reader && services.db ? reader(services) : Promise.resolve(transportSettingsOf(services.config));
}

const mailers = new WeakMap<Config, Mailer>();

/** One mailer (one SMTP connection pool per server) per configuration, created on first use. */
export function mailerFor(services: ServicesWithDb): Mailer {
  let mailer = mailers.get(services.config);
  if (!mailer) {
    const reader = settingsReader;
    mailer = createMailer(
      services.config,
      services.logger,
      reader && services.db ? () => reader(services) : async () => transportSettingsOf(services.config),
    );
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
