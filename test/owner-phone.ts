/**
 * The owner's phone as a domain test sees it (no push service): an admin's device that wants every
 * owner event, and the notifications queued for it, read from the queue as the phone would show them.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { SEND_PUSH_TASK } from "#domain/push/push-queue.server.ts";
import { saveSubscription } from "#domain/push/push-subscriptions.server.ts";

/** A device of `userId` (who must be an admin: list their e-mail in ADMIN_EMAILS); its id. */
export async function ownerPhone(db: Database, userId: string): Promise<string> {
  const device = await saveSubscription(db, userId, "owner", {
    endpoint: `https://push.example.com/${randomUUID()}`,
    keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
    deviceLabel: "Celular da dona",
  });
  return device.id;
}

/** The title and body of every push queued for this device, oldest first. */
export async function pushesQueuedFor(db: Database, deviceId: string): Promise<Array<{ title: string; body: string }>> {
  const { rows } = await db.execute<{ payload: { subscriptionId: string; payload: string } }>(sql`
    select jobs.payload from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    where tasks.identifier = ${SEND_PUSH_TASK}
    order by jobs.id`);
  return rows
    .filter((row) => row.payload.subscriptionId === deviceId)
    .map((row) => {
      const { title, body } = (JSON.parse(row.payload.payload) as { notification: { title: string; body: string } }).notification;
      return { title, body };
    });
}
