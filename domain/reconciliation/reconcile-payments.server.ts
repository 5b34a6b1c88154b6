/**
 * The poller (decision 036): webhooks get lost, so every minute the charges still open are read
 * back from their provider. A paid one is applied as a webhook would; one past its order's expiry
 * is cancelled at the provider and expires with the order; a refund that failed is tried again.
 * Every provider call is bounded (PIX_PROVIDER_TIMEOUT_MS); one that fails changes nothing.
 */
import { pixDeadlines } from "#domain/orders/order-pix-code.server.ts";
import type { Services } from "#domain/orders/order-store.server.ts";
import { closePendingCharge, markChargeRead, openCharges } from "#domain/payments/charge-lookups.server.ts";
import { providerById } from "#domain/payments/charges.server.ts";
import { ProviderUnavailableError } from "#domain/payments/payment-provider.server.ts";
import { applyChargeState, expireOrderOf, refundPayment, syncCharge, type PaymentRow } from "#domain/reconciliation/apply-charge.server.ts";

/** A charge is read again at most this often (webhooks usually arrive first). */
const RECHECK_MS = 45_000;

export async function reconcilePayments(services: Services, options: { now?: Date; batch?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  // Open charges are few (one per order waiting for its Pix or its refund): read them all, then keep
  // those not read lately or past their order's deadline, least recently read first.
  const open = await openCharges(services.db);
  const orders = await pixDeadlines(
    services.db,
    open.flatMap((payment) => (payment.orderId ? [payment.orderId] : [])),
  );
  const recheckBefore = now.getTime() - RECHECK_MS;
  const due = open
    .flatMap((payment) => {
      const order = payment.orderId ? orders.get(payment.orderId) : undefined;
      return order ? [{ payment, orderStatus: order.status, pixExpiresAt: order.pixExpiresAt }] : [];
    })
    .filter(({ payment, pixExpiresAt }) => payment.updatedAt.getTime() < recheckBefore || pixExpiresAt <= now)
    .slice(0, options.batch ?? 50);
  let changed = 0;
  for (const { payment, orderStatus, pixExpiresAt } of due) {
    const provider = providerById(services.config, payment.provider);
    if (!provider) continue;
    try {
      if (payment.status === "refund_pending") {
        if (await refundPayment(services, provider, payment)) changed++;
        continue;
      }
      const outcome = await syncCharge(services, provider, payment.providerChargeId);
      await markChargeRead(services.db, payment.id);
      if (outcome !== "unchanged") {
        changed++;
        continue;
      }
      // Still open there: past the order's deadline, or for an order that ended another way, it ends.
      if (orderStatus === "pending_payment" && pixExpiresAt > now) continue;
      await provider.cancelCharge({ providerChargeId: payment.providerChargeId, txid: payment.txid });
      if (await closeCharge(services, payment, orderStatus === "pending_payment" ? "expired" : "cancelled")) changed++;
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      services.logger.warn({ err: error, paymentId: payment.id, provider: payment.provider }, "pix reconciliation: provider unavailable");
    }
  }
  return changed;
}

/** The charge is over at the provider: the row says so, and the order expires with it. */
async function closeCharge(services: Services, payment: PaymentRow, status: "expired" | "cancelled"): Promise<boolean> {
  // Read once more after the cancel: a payment that raced it wins.
  const provider = providerById(services.config, payment.provider)!;
  const state = await provider.readCharge({ providerChargeId: payment.providerChargeId, txid: payment.txid });
  if (state && (state.status === "paid" || state.status === "refunded")) {
    return (await applyChargeState(services, provider, payment, state)) !== "unchanged";
  }
  return services.db.transaction(async (tx) => {
    if (!(await closePendingCharge(tx, payment.id, status))) return false;
    await expireOrderOf(tx, services, payment);
    return true;
  });
}
