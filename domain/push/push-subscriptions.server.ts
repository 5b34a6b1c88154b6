/**
 * The devices that receive pushes (issue 31): saved from the browser's subscription, listed and
 * removed by their owner, and forgotten with the account. A browser's endpoint is unique: the same
 * phone subscribing again (or under another account, after a sign-out) updates its one row.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { pushSubscriptions } from "#platform/db/tables/push.ts";
import type { Database } from "#platform/db/client.ts";
import { pushDeviceNotFound } from "#domain/push/push-errors.ts";
import { OWNER_PUSH_EVENTS, type OwnerPushEvent, type PushAudience } from "#domain/push/push-events.ts";
import type { PushDevice, PushSubscriptionInput } from "#domain/push/push-schemas.ts";

/** A device silent this long (it did not open the app nor renew its subscription) is dropped. */
export const SILENT_DEVICE_WEEKS = 8;

/** Saves (or renews) this browser's subscription for `userId`; an owner's new device gets every event. */
export async function saveSubscription(
  db: Pick<Database, "insert">,
  userId: string,
  audience: PushAudience,
  input: PushSubscriptionInput,
): Promise<PushDevice> {
  const events = audience === "owner" ? [...OWNER_PUSH_EVENTS] : [];
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId,
      audience,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      deviceLabel: input.deviceLabel,
      events,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // The same account renewing keeps its choices; another account starts afresh.
      set: {
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel: input.deviceLabel,
        lastSeenAt: sql`now()`,
        events: sql`case when ${pushSubscriptions.userId} = ${userId} and ${pushSubscriptions.audience} = ${audience} then ${pushSubscriptions.events} else excluded.events end`,
        userId,
        audience,
      },
    })
    .returning();
  return toDevice(row!);
}

/** The account's devices of one audience, newest first. */
export async function listDevices(db: Pick<Database, "select">, userId: string, audience: PushAudience): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.audience, audience)))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map(toDevice);
}

/** "remover": the device stops receiving; another account's device is never found. */
export async function removeDevice(db: Pick<Database, "delete">, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw pushDeviceNotFound();
}

/** The owner's per-device choices. */
export async function setDeviceEvents(
  db: Pick<Database, "update">,
  userId: string,
  id: string,
  events: OwnerPushEvent[],
): Promise<PushDevice> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ events: [...new Set(events)] })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.audience, "owner")))
    .returning();
  if (!row) throw pushDeviceNotFound();
  return toDevice(row);
}

/** Account deletion (LGPD): the account's devices receive nothing more. */
export async function forgetAccountPushSubscriptions(tx: Pick<Database, "delete">, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Devices not seen for SILENT_DEVICE_WEEKS: their subscription is most likely gone (Apple still says 201). */
export async function dropSilentDevices(db: Pick<Database, "delete">, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SILENT_DEVICE_WEEKS * 7 * 24 * 3600_000);
  const gone = await db.delete(pushSubscriptions).where(lt(pushSubscriptions.lastSeenAt, before)).returning({ id: pushSubscriptions.id });
  return gone.length;
}

function toDevice(row: typeof pushSubscriptions.$inferSelect): PushDevice {
  return {
    id: row.id,
    deviceLabel: row.deviceLabel,
    endpoint: row.endpoint,
    endpointHost: new URL(row.endpoint).host,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}
