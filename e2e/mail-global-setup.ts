// Starts a real SMTP server (smtp-server) for the whole Playwright run: the test shop sends its
// e-mails there (SMTP_URL in playwright.config.ts) and each one is filed as JSON in E2E_MAIL_DIR,
// where the journeys read them (e2e/mail.ts). Returns the teardown that stops it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startMailServer } from "../test/mail-server.ts";
import { E2E_ACCEPT_DIR, E2E_MAIL_DIR, E2E_REFUSED_PREFIX, E2E_SMTP_PORT } from "./test-env.ts";

export default async function mailGlobalSetup(): Promise<() => Promise<void>> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  rmSync(E2E_ACCEPT_DIR, { recursive: true, force: true });
  mkdirSync(E2E_ACCEPT_DIR, { recursive: true });
  const server = await startMailServer({
    port: E2E_SMTP_PORT,
    onMail(mail) {
      const name = `${mail.receivedAt}-${randomBytes(4).toString("hex")}`;
      // Written aside, then renamed: a journey polling the folder never reads half a file.
      writeFileSync(path.join(E2E_MAIL_DIR, `${name}.partial`), JSON.stringify(mail));
      renameSync(path.join(E2E_MAIL_DIR, `${name}.partial`), path.join(E2E_MAIL_DIR, `${name}.json`));
    },
  });
  // e2e/maintenance-panel-emails.spec.ts: an unknown mailbox, until the journey "creates" it.
  server.refuse((address) => address.startsWith(E2E_REFUSED_PREFIX) && !existsSync(path.join(E2E_ACCEPT_DIR, address)));
  return () => server.close();
}
