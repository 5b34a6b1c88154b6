/**
 * A provider's Pix made after the order's commit (decision 045). The order was saved with its stock
 * reserved, `pending_payment` and no code; here the provider is called with no transaction open and
 * no row locked, then one short transaction records the charge and shows it to the customer. The
 * request that placed (or reopened) the order calls this first; the `pix-charge` job queued with the
 * order calls it again if the request could not, or died before it. Both may run at once: the
 * provider's idempotency key makes it one charge, and the writes below are conditional.
 */
import { z } from "zod";
import { publish, userTopic } from "#platform/realtime/bus.ts";
import { findOrder, markPixChargeFailed, showPixCode } from "#domain/orders/order-pix-code.server.ts";
import type { Services } from "#domain/orders/order-store.server.ts";
import { makeProviderCharge, type PixChargeJob, recordCharge } from "#domain/payments/charges.server.ts";
import { type ChargeRequest, ProviderUnavailableError } from "#domain/payments/payment-provider.server.ts";
import { ORDER_PIX_EVENT } from "#domain/reconciliation/pix-generation.ts";

/**
 * `made`: the Pix exists now; `not_needed`: the order has its Pix already, or no longer waits for
 * one (paid, cancelled, another attempt); `failed`: the provider failed or did not answer in time.
 */
export type PixChargeOutcome = "made" | "not_needed" | "failed";

/**
 * Makes the order's current Pix at its provider if it has none yet. `attempt`: only that attempt
 * (the job's); without it, whichever attempt the order is on (the request's).
 */
export async function chargeOrderNow(services: Services, orderId: string, attempt?: number): Promise<PixChargeOutcome> {
  const order = await findOrder(services.db, orderId);
  if (!order || order.status !== "pending_payment" || order.pixCode !== null) return "not_needed";
  if (attempt !== undefined && order.pixAttempt !== attempt) return "not_needed";
  const request: ChargeRequest = {
    orderId: order.id,
    orderNumber: order.number,
    attempt: order.pixAttempt,
    totalCents: order.totalCents,
    // The order's own deadline and names: every try sends the same request under the same key.
    expiresAt: order.pixExpiresAt,
    payer: { name: order.customerName, email: order.customerEmail, cpf: order.shippingAddress?.cpf ?? null },
  };
  let charge;
  try {
    charge = await makeProviderCharge(services.config, order.paymentProvider, request);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    services.logger.warn(
      { err: error, provider: order.paymentProvider, orderId },
      "pix provider did not create the charge; the job tries again",
    );
    await markFailed(services, order.id, order.pixAttempt, order.userId);
    return "failed";
  }
  if (!charge) {
    // PIX_PROVIDER changed since the order was saved: nobody can make its charge; it expires.
    services.logger.error({ provider: order.paymentProvider, orderId }, "pix charge: the order's provider is no longer configured");
    return "not_needed";
  }
  await services.db.transaction(async (tx) => {
    // Recorded even if the order ended meanwhile: the poller then cancels the charge at the provider.
    await recordCharge(tx, request, charge);
    const shown = await showPixCode(tx, order.id, request.attempt, charge.brCode);
    if (shown && order.userId) await publish(tx, userTopic(order.userId), ORDER_PIX_EVENT, { order_id: order.id });
  });
  return "made";
}

/** The customer's page says the Pix is late and what to do (once per attempt; later failures change nothing there). */
async function markFailed(services: Services, orderId: string, attempt: number, userId: string | null): Promise<void> {
  await services.db.transaction(async (tx) => {
    const marked = await markPixChargeFailed(tx, orderId, attempt);
    if (marked && userId) await publish(tx, userTopic(userId), ORDER_PIX_EVENT, { order_id: orderId });
  });
}

const jobPayload = z.object({ orderId: z.uuid(), attempt: z.number().int().min(1) });

/** The `pix-charge` job: throwing makes graphile-worker try again later (e^n seconds). */
export async function runPixChargeJob(services: Services, payload: unknown): Promise<void> {
  const job: PixChargeJob = jobPayload.parse(payload);
  const outcome = await chargeOrderNow(services, job.orderId, job.attempt);
  if (outcome === "failed") throw new Error(`pix charge of order ${job.orderId} attempt ${job.attempt}: provider unavailable`);
  if (outcome === "made")
    services.logger.info({ job: "pix-charge", orderId: job.orderId, attempt: job.attempt }, "pix charge made by the job");
}
