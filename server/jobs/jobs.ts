/**
 * The shop's background work (decision 014): every instance runs one worker on the queue in its
 * PostgreSQL. E-mails are jobs queued by the changes that cause them; the Pix expiry and the
 * reminders (rating, Pix about to expire, cart left behind) are schedules, each occurrence queued
 * by one instance and run by one worker.
 */
import { expirePendingOrders, sendPixReminders, sendRatingReminders } from "#domain/orders/order-jobs.server.ts";
import { sendAbandonedCartReminders } from "#domain/recovery/abandoned-carts.server.ts";
import { PIX_CHARGE_TASK } from "#domain/payments/charges.server.ts";
import { CARD_REFUND_TASK } from "#domain/payments/card-payments.server.ts";
import { runCardRefundJob } from "#domain/reconciliation/card-refund.server.ts";
import { runPixChargeJob } from "#domain/reconciliation/order-charge.server.ts";
import { reconcilePayments } from "#domain/reconciliation/reconcile-payments.server.ts";
import { scrubFinishedOrdersOfDeletedAccounts } from "#domain/orders/order-privacy.server.ts";
import { startWorker, type JobHandler, type JobWorker, type Schedule } from "#platform/jobs/worker.ts";
import { SEND_EMAIL_TASK, sendEmailJob } from "#platform/mail/email-queue.ts";
import { tellOwnerOfFailedEmail } from "#domain/email-queue/email-failed-push.server.ts";
import { SEND_PUSH_TASK } from "#domain/push/push-queue.server.ts";
import { dropSilentDevices } from "#domain/push/push-subscriptions.server.ts";
import { sendPushJob } from "#domain/push/send-push.server.ts";
import type { AppServices } from "#platform/services.ts";
import { LABEL_STEP_TASK } from "#domain/labels/buy-labels.server.ts";
import { runLabelStep } from "#domain/labels/label-steps.server.ts";
import { LABEL_POLL_TASK, pollLabelTracking } from "#domain/labels/label-tracking.server.ts";
import { INVOICE_CANCEL_TASK, INVOICE_ISSUE_TASK } from "#domain/orders/invoice-tasks.server.ts";
import { runInvoiceIssueJob } from "#domain/invoices/issue-invoices.server.ts";
import { cancelOrderInvoices } from "#domain/invoices/cancel-invoices.server.ts";
import { pollProcessingInvoices } from "#domain/invoices/follow-invoices.server.ts";
import { watchHealth } from "#domain/maintenance/health-watch.server.ts";
import { buildInfo } from "#server/build-info.ts";
import { MELHOR_ENVIO_REFRESH_TASK, refreshMelhorEnvioTokens } from "#domain/connections/refresh-tokens.server.ts";

export const PIX_EXPIRY_TASK = "pix-expiry";
export const RATING_REMINDER_TASK = "rating-reminder";
export const PIX_REMINDER_TASK = "pix-reminder";
export const ABANDONED_CART_TASK = "abandoned-cart-reminder";
/** Reads back the provider's open Pix charges (webhooks get lost) and expires them with their orders (decision 036). */
export const PIX_RECONCILE_TASK = "pix-reconcile";
/** Orders a deleted account left in progress lose the person once delivered or cancelled (decision 059). */
export const DELETED_ACCOUNT_ORDERS_TASK = "deleted-account-orders-scrub";
/** Push devices silent for weeks are dropped (Apple answers 201 for gone subscriptions, decision 070). */
export const SILENT_PUSH_DEVICES_TASK = "silent-push-devices";
/** Notes waiting for SEFAZ are read back from Focus NFe, in case a hook was lost (issue 30 item 3). */
export const INVOICE_POLL_TASK = "invoice-poll";
/** The health read every 5 minutes: turning red tells the owner's phones, once per red spell (issue 31). */
export const HEALTH_WATCH_TASK = "health-watch";

/**
 * Every minute (the queue's finest step; an order's own pages also expire it on reading), and
 * every 10 minutes. A start after a stop of every instance catches up once on what was missed.
 */
export const SCHEDULES: Schedule[] = [
  { task: PIX_EXPIRY_TASK, pattern: "* * * * *", backfillMinutes: 5 },
  { task: RATING_REMINDER_TASK, pattern: "*/10 * * * *", backfillMinutes: 60 },
  // Ten minutes before expiry: a minute's step keeps it between 10 and 9 minutes before.
  { task: PIX_REMINDER_TASK, pattern: "* * * * *", backfillMinutes: 5 },
  { task: ABANDONED_CART_TASK, pattern: "*/10 * * * *", backfillMinutes: 60 },
  { task: PIX_RECONCILE_TASK, pattern: "* * * * *", backfillMinutes: 2 },
  { task: DELETED_ACCOUNT_ORDERS_TASK, pattern: "*/10 * * * *", backfillMinutes: 60 },
  { task: SILENT_PUSH_DEVICES_TASK, pattern: "17 4 * * *", backfillMinutes: 24 * 60 },
  // Melhor Envio caches tracking an hour; each label is read at most hourly (decision 079).
  { task: LABEL_POLL_TASK, pattern: "*/30 * * * *", backfillMinutes: 60 },
  { task: INVOICE_POLL_TASK, pattern: "*/2 * * * *", backfillMinutes: 10 },
  // No backfill: a reading of the past is no news.
  { task: HEALTH_WATCH_TASK, pattern: "*/5 * * * *", backfillMinutes: 0 },
  // Melhor Envio's authorized tokens, renewed a week before they end (issue 30 item 7, decision 075).
  { task: MELHOR_ENVIO_REFRESH_TASK, pattern: "*/10 * * * *", backfillMinutes: 60 },
];

/** When a schedule's occurrence was due (graphile-worker puts it in the payload). */
function occurrence(payload: unknown): string | undefined {
  const cron = (payload as { _cron?: { ts?: unknown } } | null)?._cron;
  return typeof cron?.ts === "string" ? cron.ts : undefined;
}

/** A scheduled task: logs what it did (at debug when it had nothing to do). */
function scheduled(services: AppServices, task: string, work: () => Promise<number>): JobHandler {
  return async (payload) => {
    const count = await work();
    const fields = { job: task, occurrence: occurrence(payload), count };
    if (count > 0) services.logger.info(fields, "scheduled job done");
    else services.logger.debug(fields, "scheduled job done");
  };
}

/** The order a job is about; a payload without one is a bug, failed loudly. */
function orderIdOf(payload: unknown): string {
  const orderId = (payload as { orderId?: unknown } | null)?.orderId;
  if (typeof orderId !== "string") throw new Error("job payload without orderId");
  return orderId;
}

export type JobsOptions = {
  /** false: run queued jobs only (tests that drive the order jobs themselves). */
  schedules?: boolean;
  /** See WorkerOptions.pollIntervalMs. */
  pollIntervalMs?: number;
};

/** Every task the worker runs, by its graphile-worker name (the health screen labels each: domain/maintenance/job-labels.ts). */
export function jobTasks(services: AppServices): Record<string, JobHandler> {
  return {
    // An e-mail whose last try fails tells the owner's phones, in the transaction that logs it failed (issue 31).
    [SEND_EMAIL_TASK]: sendEmailJob(services, (tx, email) => tellOwnerOfFailedEmail(tx, services, email)),
    // One push to one device (decision 070); the tests' fake push service is trusted through PUSH_CA_FILE.
    [SEND_PUSH_TASK]: sendPushJob(services),
    // A provider's Pix the request could not make after the order's commit (decision 045).
    [PIX_CHARGE_TASK]: (payload) => runPixChargeJob(services, payload),
    [CARD_REFUND_TASK]: (payload) => runCardRefundJob(services, payload),
    [PIX_EXPIRY_TASK]: scheduled(services, PIX_EXPIRY_TASK, () => expirePendingOrders(services)),
    [RATING_REMINDER_TASK]: scheduled(services, RATING_REMINDER_TASK, () => sendRatingReminders(services)),
    [PIX_REMINDER_TASK]: scheduled(services, PIX_REMINDER_TASK, () => sendPixReminders(services)),
    [ABANDONED_CART_TASK]: scheduled(services, ABANDONED_CART_TASK, () => sendAbandonedCartReminders(services)),
    [PIX_RECONCILE_TASK]: scheduled(services, PIX_RECONCILE_TASK, () => reconcilePayments(services)),
    [DELETED_ACCOUNT_ORDERS_TASK]: scheduled(services, DELETED_ACCOUNT_ORDERS_TASK, () =>
      scrubFinishedOrdersOfDeletedAccounts(services.db),
    ),
    [SILENT_PUSH_DEVICES_TASK]: scheduled(services, SILENT_PUSH_DEVICES_TASK, () => dropSilentDevices(services.db)),
    // One of Melhor Envio's four label steps (decision 078); it queues the next itself, and its last
    // try fails the label for the owner to see (decision 088).
    [LABEL_STEP_TASK]: async (payload, job) => {
      await runLabelStep(services, payload, job);
    },
    [LABEL_POLL_TASK]: scheduled(services, LABEL_POLL_TASK, () => pollLabelTracking(services)),
    // A paid order's notes, and their cancellation when the sale is undone (queued by the order's moves by name).
    // Its last try hands notes Focus never took to the owner as refused (decision 088).
    [INVOICE_ISSUE_TASK]: (payload, job) => runInvoiceIssueJob(services, orderIdOf(payload), job),
    [INVOICE_CANCEL_TASK]: (payload) => cancelOrderInvoices(services, orderIdOf(payload)),
    [INVOICE_POLL_TASK]: scheduled(services, INVOICE_POLL_TASK, () => pollProcessingInvoices(services)),
    [HEALTH_WATCH_TASK]: scheduled(services, HEALTH_WATCH_TASK, () => watchHealth(services, buildInfo())),
    [MELHOR_ENVIO_REFRESH_TASK]: scheduled(services, MELHOR_ENVIO_REFRESH_TASK, () => refreshMelhorEnvioTokens(services)),
  };
}

/** Starts this instance's worker on the database at `url`; stop() it before closing the database. */
export function startJobs(services: AppServices, url: string, options: JobsOptions = {}): Promise<JobWorker> {
  return startWorker({
    url,
    logger: services.logger,
    tasks: jobTasks(services),
    schedules: options.schedules === false ? [] : SCHEDULES,
    pollIntervalMs: options.pollIntervalMs,
  });
}
