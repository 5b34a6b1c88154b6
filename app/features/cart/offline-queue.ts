/**
 * Spec §3/§4/§8: cart operations made offline wait in `cart_offline_queue` and run when the network
 * returns; an operation that fails 3 times is dropped. This part is loaded only when something is
 * queued (enqueueing lives in cart-client.ts).
 */
import { NetworkError } from "#app/lib/fetch-json.ts";
import { cartApi, logCartError, type QueuedOperation, readQueue, signalCart, writeQueue } from "#app/features/cart/cart-client.ts";

function run(operation: QueuedOperation): Promise<unknown> {
  if (operation.kind === "add") return cartApi.add(operation.body);
  if (operation.kind === "update") return cartApi.update(operation.itemId, operation.body);
  return cartApi.remove(operation.itemId);
}

/** Runs the queue in order; stops at the first network failure (still offline). */
async function drainQueue(): Promise<void> {
  let applied = 0;
  for (const entry of readQueue()) {
    try {
      await run(entry.operation);
      applied++;
      writeQueue(readQueue().filter((queued) => queued.id !== entry.id));
    } catch (error) {
      if (error instanceof NetworkError) break;
      logCartError(error, `offline:${entry.operation.kind}`);
      const retryCount = entry.retryCount + 1;
      const rest = readQueue();
      writeQueue(
        retryCount >= entry.maxRetries
          ? rest.filter((queued) => queued.id !== entry.id)
          : rest.map((queued) => (queued.id === entry.id ? { ...queued, retryCount } : queued)),
      );
    }
  }
  if (applied > 0) signalCart({ type: "cart-updated" });
}

/** The Web Lock the tabs take to run the queue, which they share through localStorage. */
const QUEUE_LOCK = "cart_offline_queue";

/**
 * Every open tab sees the network return and runs the queue; without a lock two tabs would both
 * send the same queued add. The second one waits and then finds the queue emptied. Where Web Locks
 * are missing (an insecure origin, an old browser) each tab runs on its own, as before.
 */
function acrossTabs(task: () => Promise<void>): Promise<void> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return task();
  return navigator.locks.request(QUEUE_LOCK, task);
}

let running: Promise<void> | null = null;

/** Runs the queue: one run at a time in this tab, and one tab at a time. */
export function processOfflineQueue(): Promise<void> {
  running ??= acrossTabs(drainQueue).finally(() => {
    running = null;
  });
  return running;
}
