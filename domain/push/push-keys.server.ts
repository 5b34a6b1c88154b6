/**
 * The shop's VAPID identity (RFC 8292): the key pair from the configuration, or the one made at the
 * first start and kept in the database, so every instance signs with the same key and subscriptions
 * survive restarts and deploys. The subject is who a push service may write to about our pushes.
 */
import { pushKeys } from "#platform/db/tables/push.ts";
import type { Database } from "#platform/db/client.ts";
import { generateVapidKeys, type VapidKeys } from "#platform/push/web-push.ts";
import type { AppServices } from "#platform/services.ts";

export type VapidIdentity = VapidKeys & { subject: string };

/** The configured pair, else the stored one, else a new one stored now (two instances racing keep the first). */
export async function vapidKeys(services: Pick<AppServices, "config" | "db">): Promise<VapidIdentity> {
  const { config } = services;
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SHOP_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const stored = await storedKeys(services.db);
  if (stored) return { ...stored, subject };
  await services.db.insert(pushKeys).values(generateVapidKeys()).onConflictDoNothing();
  const made = await storedKeys(services.db);
  if (!made) throw new Error("push_keys: the key pair just stored cannot be read back");
  return { ...made, subject };
}

async function storedKeys(db: Pick<Database, "select">): Promise<VapidKeys | undefined> {
  const [row] = await db.select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey }).from(pushKeys).limit(1);
  return row;
}
