import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "#test/database.ts";
import { parseMail, startMailServer, type MailServer } from "#test/mail-server.ts";
import { createLogger } from "#platform/logger.ts";
import { createMailer, outboxDir } from "#platform/mail/mailer.ts";
import { accountExistsMessage, escapeHtml, resetPasswordMessage, verifyEmailMessage } from "#domain/notifications/mail-templates.ts";

let smtp: MailServer;
let dataDir: string;
beforeAll(async () => {
  smtp = await startMailServer();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-mail-"));
});
afterAll(async () => {
  await smtp?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const message = verifyEmailMessage({
  shop: "Loja Micologia",
  to: "ana@example.com",
  name: "Ana Maria",
  url: "http://localhost:3000/api/auth/verify-email?token=abc&x=1",
  expiresInHours: 24,
});

describe("createMailer", () => {
  it("delivers through SMTP_URL, with MAIL_FROM, a pt-BR subject, and text and HTML bodies", async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url, MAIL_FROM: "Loja <loja@example.com>" }), createLogger("silent"));
    await mailer.send(message);
    const received = await smtp.waitFor("ana@example.com");
    expect(received.from).toBe("Loja <loja@example.com>");
    expect(received.subject).toBe("Confirme seu e-mail na Loja Micologia");
    expect(received.text).toContain("Olá, Ana!");
    expect(received.text).toContain("http://localhost:3000/api/auth/verify-email?token=abc&x=1");
    expect(received.html).toContain('href="http://localhost:3000/api/auth/verify-email?token=abc&amp;x=1"');
  });

  it("without SMTP_URL, writes each message to DATA_DIR/outbox as an .eml file (npm start works offline)", async () => {
    const config = testConfig({ DATA_DIR: dataDir });
    const mailer = createMailer(config, createLogger("silent"));
    await mailer.send(message);
    await mailer.send(
      resetPasswordMessage({
        shop: "Loja Micologia",
        to: "ana@example.com",
        url: "http://localhost:3000/auth?modo=redefinir&token=t",
        expiresInMinutes: 60,
      }),
    );
    const files = (await fs.readdir(outboxDir(config))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith(".eml"))).toBe(true);
    const first = parseMail(await fs.readFile(path.join(outboxDir(config), files[0]!), "utf8"));
    expect(first.subject).toBe("Confirme seu e-mail na Loja Micologia");
    expect(first.text).toContain("token=abc");
    const stat = await fs.stat(path.join(outboxDir(config), files[0]!));
    expect(stat.mode & 0o077).toBe(0); // only the shop's user reads other people's e-mail
  });

  it("fails loudly when the SMTP server is unreachable", async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: "smtp://127.0.0.1:9" }), createLogger("silent"));
    await expect(mailer.send(message)).rejects.toThrow();
  });
});

describe("templates", () => {
  it("escape what comes from the customer", () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe("&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;");
    const mail = accountExistsMessage({
      shop: "Loja Micologia",
      to: "a@example.com",
      name: "<b>Eva</b>",
      signInUrl: "http://x/auth",
      resetUrl: "http://x/auth?modo=esqueci",
    });
    expect(mail.html).not.toContain("<b>Eva</b>");
    expect(mail.html).toContain("Olá, &lt;b&gt;Eva&lt;/b&gt;!");
  });

  it("each says why it was sent and what to do if it was not you", () => {
    for (const mail of [
      message,
      resetPasswordMessage({ shop: "Loja Micologia", to: "a@example.com", url: "http://x", expiresInMinutes: 60 }),
      accountExistsMessage({ shop: "Loja Micologia", to: "a@example.com", signInUrl: "http://x", resetUrl: "http://y" }),
    ]) {
      expect(mail.text).toMatch(/Se (você não|não foi você)/);
      expect(mail.html).toMatch(/Se (você não|não foi você)/);
    }
  });
});
