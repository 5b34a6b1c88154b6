import { Logger as GraphileLogger } from "graphile-worker";
import type { Logger } from "#platform/logger.ts";

/**
 * graphile-worker's messages in the shop's log. Its metadata is left out: a failed job's carries
 * the whole job, payload included (an e-mail's address and text), and logs keep no personal data
 * (decision 013). A job's failure is logged by startWorker itself, at warn while it will be tried
 * again and at error once it failed for good, so graphile-worker's own line for it is dropped.
 */
export function queueLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    if (meta?.failure) return;
    const fields = { queue: true, task: scope.taskIdentifier, jobId: scope.jobId, err: meta?.error };
    if (level === "error") logger.error(fields, message);
    else if (level === "warning") logger.warn(fields, message);
    else if (level === "info") logger.info(fields, message);
    else logger.debug(fields, message);
  });
}
