/**
 * The `send-push` job (decision 070): sends one queued push to one device and acts on the answer.
 * Delivered: the device's last success is noted. Gone (404/410): the subscription is deleted and the
 * job ends, never tried again. 429/5xx or no answer: the job fails this attempt and the queue tries
 * again after its back-off. Any other refusal (a bad key, too large) cannot get better by waiting:
 * logged as an error, not retried.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { pushSubscriptions } from "#platform/db/tables/push.ts";
import type { JobHandler } from "#platform/jobs/worker.ts";
import { createPushSender, type PushSender } from "#platform/push/web-push.ts";
import type { AppServices } from "#platform/services.ts";
import { vapidKeys } from "#domain/push/push-keys.server.ts";

const jobSchema = z.object({
  subscriptionId: z.uuid(),
  payload: z.string(),
  ttlSeconds: z.number().int().min(0),
  urgency: z.enum(["very-low", "low", "normal", "high"]),
  topic: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
});

/** `sender` defaults to web-push trusting PUSH_CA_FILE too, made at the first job (building the task table runs nothing). */
export function sendPushJob(services: AppServices, sender?: PushSender): JobHandler {
  let chosen = sender;
  return async (raw, job) => {
    chosen ??= createPushSender({ caFile: services.config.PUSH_CA_FILE });
    const push = jobSchema.parse(raw);
    const [device] = await services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId));
    // Removed by its owner (or found gone by another push) since the job was queued.
    if (!device) return;
    const outcome = await chosen.send(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      { payload: push.payload, ttlSeconds: push.ttlSeconds, urgency: push.urgency, topic: push.topic },
      await vapidKeys(services),
    );
    const fields = { job: "send-push", jobId: job.id, device: device.id, host: new URL(device.endpoint).host };
    switch (outcome.kind) {
      case "delivered":
        await services.db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: sql`now()` })
          .where(eq(pushSubscriptions.id, device.id));
        return;
      case "gone":
        await services.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        services.logger.info({ ...fields, status: outcome.status }, "push subscription gone: device removed");
        return;
      case "retry":
        throw new Error(`push service answered ${outcome.status ?? "nothing"}: ${outcome.detail}`);
      case "refused":
        services.logger.error({ ...fields, status: outcome.status, detail: outcome.detail }, "push refused for good");
        return;
    }
  };
}
