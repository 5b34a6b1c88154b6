/**
 * Queues pushes (issue 31, decision 070): one `send-push` job per device, written in the transaction
 * of the change that causes it (decision 014), so a push exists only if the change is saved, is never
 * lost once it is, and one device's failure (gone, rate-limited) never holds back the others'.
 */
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import { pushSubscriptions } from "#platform/db/tables/push.ts";
import type { Database } from "#platform/db/client.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import type { AppServices } from "#platform/services.ts";
import { adminUserIds } from "#domain/auth/admins.server.ts";
import type { OwnerPushEvent } from "#domain/push/push-events.ts";
import { encodePushMessage, type PushMessage } from "#domain/push/push-messages.ts";

export const SEND_PUSH_TASK = "send-push";

/** Tries of one push: graphile-worker's back-off makes 8 about 25 minutes; past that the news is old. */
export const PUSH_MAX_ATTEMPTS = 8;

/** A job's payload: the device and what to send it (already encoded, so the job needs no shop logic). */
export type SendPushPayload = {
  subscriptionId: string;
  payload: string;
  ttlSeconds: number;
  urgency: PushMessage["urgency"];
  topic: string;
};

type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

/** The owner's devices that chose `event` (every admin's). Returns how many pushes were queued. */
export async function enqueueOwnerPush(
  tx: Executor,
  services: Pick<AppServices, "config" | "db">,
  event: OwnerPushEvent,
  message: PushMessage,
): Promise<number> {
  const admins = await adminUserIds(services, tx);
  if (admins.length === 0) return 0;
  const devices = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        inArray(pushSubscriptions.userId, admins),
        eq(pushSubscriptions.audience, "owner"),
        arrayContains(pushSubscriptions.events, [event]),
      ),
    );
  return enqueueFor(tx, services, devices, message);
}

/** A customer's devices (they turned notifications on in /cliente): their order news. */
export async function enqueueCustomerPush(
  tx: Executor,
  services: Pick<AppServices, "config">,
  userId: string,
  message: PushMessage,
): Promise<number> {
  const devices = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.audience, "customer")));
  return enqueueFor(tx, services, devices, message);
}

/** "Enviar notificação de teste": to every device of this account and audience. */
export async function enqueueTestPush(
  db: Executor,
  services: Pick<AppServices, "config">,
  userId: string,
  audience: "owner" | "customer",
  message: PushMessage,
): Promise<number> {
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.audience, audience)));
  return enqueueFor(db, services, devices, message);
}

async function enqueueFor(
  tx: Executor,
  services: Pick<AppServices, "config">,
  devices: ReadonlyArray<{ id: string }>,
  message: PushMessage,
): Promise<number> {
  if (devices.length === 0) return 0;
  const payload = encodePushMessage(message, services.config.PUBLIC_URL);
  for (const device of devices) {
    const job: SendPushPayload = {
      subscriptionId: device.id,
      payload,
      ttlSeconds: message.ttlSeconds,
      urgency: message.urgency,
      topic: message.topic,
    };
    await enqueueJob(tx, SEND_PUSH_TASK, job, { maxAttempts: PUSH_MAX_ATTEMPTS });
  }
  return devices.length;
}
