// A real SMTP server (the `smtp-server` package) on 127.0.0.1, for tests: the shop sends through
// SMTP_URL exactly as in production and the test reads what arrived. Used by Vitest files and by
// the Playwright run (e2e/mail-global-setup.ts).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The List-Unsubscribe header (reminder e-mails), "" when absent. */
  listUnsubscribe: string;
  /** The Reply-To header, "" when absent. */
  replyTo: string;
  receivedAt: number;
};

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const input = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    const hex = input.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** "=?UTF-8?Q?...?=" / "=?UTF-8?B?...?=" words of a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? "" : raw.slice(separator).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The subject and the text and HTML bodies of a raw RFC 822 message (what nodemailer writes). */
export function parseMail(raw: string): {
  subject: string;
  text: string;
  html: string;
  from: string;
  listUnsubscribe: string;
  replyTo: string;
} {
  const message = splitPart(raw);
  const result = {
    subject: decodeHeader(message.headers.subject ?? ""),
    from: decodeHeader(message.headers.from ?? ""),
    listUnsubscribe: message.headers["list-unsubscribe"] ?? "",
    replyTo: decodeHeader(message.headers["reply-to"] ?? ""),
    text: "",
    html: "",
  };
  const visit = (part: Part) => {
    const type = (part.headers["content-type"] ?? "text/plain").toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers["content-type"] ?? "")?.[1];
    if (type.startsWith("multipart/") && boundary) {
      const chunks = part.body.split(`--${boundary}`).slice(1);
      for (const chunk of chunks) {
        if (chunk.startsWith("--")) break;
        visit(splitPart(chunk.replace(/^\r?\n/, "")));
      }
    } else if (type.startsWith("text/html")) {
      result.html = decodeBody(part);
    } else if (type.startsWith("text/plain")) {
      result.text = decodeBody(part);
    }
  };
  visit(message);
  return result;
}

/** Every http(s) link of a message's text part. */
export function linksIn(mail: Pick<ReceivedMail, "text">): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

export type MailServer = {
  port: number;
  /** What to put in SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first message to `to` (received from now on or earlier) that matches; waits for it. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * From now on refuses the recipients that `match` accepts, as a real server refuses an unknown
   * mailbox: `550 5.1.1 Caixa postal inexistente` to RCPT TO. null: accepts everyone again.
   */
  refuse(match: ((address: string) => boolean) | null): void;
  close(): Promise<void>;
};

/** What the server answers a refused recipient. */
export const REFUSED_ANSWER = "Caixa postal inexistente";

export async function startMailServer(options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refused: ((address: string) => boolean) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused?.(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error(`5.1.1 <${address.address}>: ${REFUSED_ANSWER}`), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const parsed = parseMail(Buffer.concat(chunks).toString("utf8"));
        const mail: ReceivedMail = {
          ...parsed,
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          receivedAt: Date.now(),
        };
        messages.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, match = () => true, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const find = () => messages.find((mail) => mail.to.includes(address) && match(mail));
      return new Promise<ReceivedMail>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no e-mail to ${to} within ${timeoutMs} ms (received: ${messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ") || "none"})`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    refuse(match) {
      refused = match;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
