import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ReceivedMail } from "../test/mail-server.ts";
import { E2E_MAIL_DIR } from "./test-env.ts";

export type { ReceivedMail };

/** Waits for an e-mail to `to` (the test shop's real SMTP delivery, filed by e2e/mail-global-setup.ts). */
export async function waitForMail(
  to: string,
  match: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(E2E_MAIL_DIR)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, name), "utf8")) as ReceivedMail)
      .find((mail) => mail.to.includes(address) && match(mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`nenhum e-mail para ${to} em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link of the e-mail's text that contains `part`. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]).find((url) => url.includes(part));
  if (!link) throw new Error(`o e-mail "${mail.subject}" não tem link com ${part}:\n${mail.text}`);
  return link;
}

let counter = 0;
/** A unique e-mail address for one journey. */
export function uniqueEmail(label = "cliente"): string {
  return `${label}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}
