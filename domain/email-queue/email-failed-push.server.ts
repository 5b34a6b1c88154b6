/**
 * The owner's push when an e-mail fails for good (issue 31): its last try was refused, so a customer
 * did not get a receipt, a link or a code. Queued by the worker in the transaction that marks the
 * e-mail's log row failed (platform/mail/email-queue.ts), and opening the e-mail log, where it can
 * be read and sent again.
 */
import type { Database } from "#platform/db/client.ts";
import type { AppServices } from "#platform/services.ts";
import { enqueueOwnerPush } from "#domain/push/push-queue.server.ts";
import { HOUR_SECONDS, type PushMessage } from "#domain/push/push-messages.ts";

/** A subject is the customer's words of the shop's templates; the push shows its start only. */
const SUBJECT_SHOWN = 80;

export function emailFailedPush(email: { subject: string }): PushMessage {
  const subject = email.subject.length > SUBJECT_SHOWN ? `${email.subject.slice(0, SUBJECT_SHOWN - 1)}…` : email.subject;
  return {
    title: "Um e-mail não pôde ser entregue",
    body: `“${subject}” falhou em todas as tentativas. Toque para ver e reenviar.`,
    path: "/maintenance-panel/emails",
    // The owner should act today, but it is no sale: a day, at normal urgency.
    ttlSeconds: 24 * HOUR_SECONDS,
    urgency: "normal",
    // One topic: when SMTP is down and many give up, a phone that was off gets the newest, not a pile.
    topic: "email-falhou",
  };
}

export async function tellOwnerOfFailedEmail(
  tx: Pick<Database, "select" | "insert" | "update" | "execute">,
  services: Pick<AppServices, "config" | "db">,
  email: { subject: string },
): Promise<void> {
  await enqueueOwnerPush(tx, services, "email_failed", emailFailedPush(email));
}
