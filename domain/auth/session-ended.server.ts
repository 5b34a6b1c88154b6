import type { Database } from "#platform/db/client.ts";
import { publish, userTopic } from "#platform/realtime/bus.ts";

/**
 * The bus message that tells an account's open event streams, on every instance, that one of its
 * sessions ended (sign-out, password change or reset, account deletion): each stream reads its own
 * session again at once and ends when that is gone (server/http/events-route.ts). Browsers never
 * receive it; the stream's end is what they see.
 */
export const SESSION_ENDED = "session-ended";

/** Announces it for `userId` (sent when `executor`'s transaction commits; at once on the database). */
export function announceSessionEnded(executor: Pick<Database, "execute">, userId: string): Promise<void> {
  return publish(executor, userTopic(userId), SESSION_ENDED);
}
