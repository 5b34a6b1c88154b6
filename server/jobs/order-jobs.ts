import { expirePendingOrders, sendRatingReminders } from "#domain/orders/order-jobs.server.ts";
import type { AppServices } from "#platform/services.ts";

/**
 * The order jobs of every instance (decision 005). Each tick claims its rows with
 * `FOR UPDATE SKIP LOCKED`, so any number of instances can run them side by side; a failed tick is
 * logged and the next one tries again.
 */
export const PIX_EXPIRY_INTERVAL_MS = 30_000;
export const RATING_REMINDER_INTERVAL_MS = 10 * 60_000;

export type Jobs = { stop(): Promise<void> };

export function startOrderJobs(services: AppServices): Jobs {
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const every = (ms: number, name: string, work: () => Promise<number>) => {
    const timer = setInterval(() => {
      if (stopped) return;
      const run = work()
        .then((count) => {
          if (count > 0) services.logger.info({ job: name, count }, "job done");
        })
        .catch((error: unknown) => services.logger.error({ err: error, job: name }, "job failed"))
        .finally(() => running.delete(run));
      running.add(run);
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(PIX_EXPIRY_INTERVAL_MS, "pix-expiry", () => expirePendingOrders(services)),
    every(RATING_REMINDER_INTERVAL_MS, "rating-reminder", () => sendRatingReminders(services)),
  ];
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
