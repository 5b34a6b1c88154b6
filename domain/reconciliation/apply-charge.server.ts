/**
 * Applying what a provider says about a charge (decision 036). Webhooks and the poller only hint:
 * the charge is read back from the provider first (syncCharge), then the `payments` row moves by
 * ONE conditional update (`… where status in (open states) returning`). Of five concurrent
 * deliveries, one claims the row and changes the order; the others find nothing to claim. An
 * amount or a reference that does not match is never paid, and the admins hear of it once.
 */
import { DomainError } from "#domain/errors.ts";
import { expireOrder } from "#domain/orders/expire-order.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { paymentMessage } from "#domain/orders/order-messages.ts";
import { lockOrder, type OrderRow, type Services, type Tx } from "#domain/orders/order-store.server.ts";
import { payOrder } from "#domain/orders/pay-order.server.ts";
import { reopenOrder } from "#domain/orders/reopen-order.server.ts";
import type { ChargeState, PaymentProvider } from "#domain/payments/payment-provider.server.ts";
import { alertAdmins } from "#domain/reconciliation/payment-alerts.server.ts";
import { recordCardPayment } from "#domain/payments/card-payments.server.ts";
import { cardAttemptOf } from "#domain/payments/mercadopago-cards.server.ts";
import type { ChargeRow } from "#domain/payments/charge-lookups.server.ts";
import {
  chargeByProviderId,
  claimCharge,
  endPendingCharge,
  markChargeRefunded,
  markRefundPending,
  markRefundSent,
  noteChargeSeen,
  notePendingCharge,
  recordForeignCharge,
} from "#domain/payments/charge-writes.server.ts";

/** The order a card payment's reference names, when it is one of the shop's: its row, recorded. */
async function adoptCardPayment(services: Services, state: ChargeState): Promise<PaymentRow | null> {
  const attempt = cardAttemptOf(state.reference);
  if (!attempt) return null;
  const order = await services.db
    .transaction((tx) => lockOrder(tx, attempt.orderId))
    .catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === "not_found") return null;
      throw error;
    });
  if (!order) return null;
  return recordCardPayment(services.db, { ...attempt, reference: state.reference!, totalCents: order.totalCents }, state);
}

export type PaymentRow = ChargeRow;

/** What applying a state did: for logs and tests. */
export type Outcome = "paid" | "revived" | "refunding" | "rejected" | "expired" | "recorded" | "unchanged";

/**
 * Reads the charge back from the provider and applies it. Unknown to the shop but paid at the
 * provider: recorded as a foreign payment (the admins are told once). Throws
 * ProviderUnavailableError when the provider does not answer in time: nothing changes.
 */
export async function syncCharge(services: Services, provider: PaymentProvider, providerChargeId: string): Promise<Outcome> {
  const row = await chargeByProviderId(services.db, provider.id, providerChargeId);
  const state = await provider.readCharge({ providerChargeId, txid: row?.txid ?? null });
  if (!state) return "unchanged";
  if (!row) {
    // A card payment MP made for one of our orders while the shop's request never heard the answer
    // (a timeout, a crash): it is one of ours, recorded now and applied as any other (issue 32).
    const adopted = state.card ? await adoptCardPayment(services, state) : null;
    if (adopted) return applyChargeState(services, provider, adopted, state);
    return state.status === "paid" ? recordForeignPayment(services, provider.id, state) : "unchanged";
  }
  return applyChargeState(services, provider, row, state);
}

/** A paid charge no order of the shop made: kept once (unique per provider and id), the admins told once. */
async function recordForeignPayment(services: Services, provider: string, state: ChargeState): Promise<Outcome> {
  return services.db.transaction(async (tx) => {
    if (!(await recordForeignCharge(tx, provider, state))) return "unchanged";
    await alertAdmins(tx, services, {
      problem: "foreign_reference",
      order: null,
      provider,
      providerChargeId: state.providerChargeId,
      expectedCents: null,
      paidCents: state.paidCents,
      reference: state.reference,
    });
    return "rejected";
  });
}

const seen = (state: ChargeState) => ({ providerStatus: state.providerStatus, raw: state.raw as object, updatedAt: new Date() });

export async function applyChargeState(
  services: Services,
  provider: PaymentProvider,
  row: PaymentRow,
  state: ChargeState,
): Promise<Outcome> {
  const refunds: PaymentRow[] = [];
  const outcome = await services.db.transaction(async (tx) => {
    if (state.status === "paid") return applyPaid(tx, services, row, state, refunds);
    if (state.status === "expired" || state.status === "cancelled") {
      if (!(await endPendingCharge(tx, row.id, seen(state), state.status))) return "unchanged";
      return (await expireOrderOf(tx, services, row)) ? "expired" : "recorded";
    }
    if (state.status === "refunded") {
      await markChargeRefunded(tx, row.id, seen(state));
      return "recorded";
    }
    // Still pending there: only what the provider said is kept (a late "pending" never undoes a payment).
    await notePendingCharge(tx, row.id, seen(state));
    return "unchanged";
  });
  // Money goes back after the commit: a provider call never holds the order's lock.
  for (const payment of refunds) await refundPayment(services, provider, payment);
  return outcome;
}

async function applyPaid(tx: Tx, services: Services, row: PaymentRow, state: ChargeState, refunds: PaymentRow[]): Promise<Outcome> {
  const paidCents = state.paidCents ?? 0;
  const problem = state.reference !== row.txid ? "foreign_reference" : paidCents < row.amountCents ? "underpaid" : null;
  const paidFields = { ...seen(state), paidCents, e2eId: state.endToEndId, paidAt: state.paidAt ?? new Date() };
  if (problem) {
    const claimed = await claimCharge(tx, row.id, { ...paidFields, status: "rejected", problem });
    if (!claimed) return "unchanged";
    const order = row.orderId ? await lockOrder(tx, row.orderId) : null;
    await alertAdmins(tx, services, {
      problem,
      order: order && { id: order.id, number: order.number },
      provider: row.provider,
      providerChargeId: row.providerChargeId,
      expectedCents: row.amountCents,
      paidCents,
      reference: state.reference,
    });
    return "rejected";
  }

  // THE conditional update: of every concurrent delivery, one gets the row back.
  const claimed = await claimCharge(tx, row.id, { ...paidFields, status: "paid" });
  if (!claimed) {
    await noteChargeSeen(tx, row.id, seen(state));
    return "unchanged";
  }
  if (!claimed.orderId) return "recorded";
  const order = await lockOrder(tx, claimed.orderId);
  if (order.status === "pending_payment") {
    await payOrder(tx, services, order, { provider: claimed.provider, providerChargeId: claimed.providerChargeId });
    return "paid";
  }
  if (order.status !== "cancelled") return "recorded"; // already paid (an admin confirmed it first)
  if (order.statusReason === "pix_expired" && (await revive(tx, services, order, claimed))) return "revived";
  // Paid after the order ended and its stock could not come back: the money goes back.
  refunds.push(await markRefundPending(tx, claimed.id));
  await alertAdmins(tx, services, {
    problem: "paid_after_expiry",
    order: { id: order.id, number: order.number },
    provider: claimed.provider,
    providerChargeId: claimed.providerChargeId,
    expectedCents: claimed.amountCents,
    paidCents,
    reference: state.reference,
  });
  return "refunding";
}

/**
 * A payment that landed after the local expiry: the order is reopened (the one reopen flow, which
 * takes its stock again) and paid, both in its history, inside a savepoint: when a product ran out
 * or its cart was ordered again, nothing of it stays and the money goes back instead.
 */
async function revive(tx: Tx, services: Services, order: OrderRow, payment: PaymentRow): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const reopened = await reopenOrder(sp, services, order, { reason: "paid_after_expiry", actorUserId: null });
      await payOrder(sp, services, reopened, { provider: payment.provider, providerChargeId: payment.providerChargeId });
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError && (error.code === "out_of_stock" || error.code === "cart_ordered_again")) return false;
    throw error;
  }
}

/**
 * The order of an expired or cancelled charge ends with it, when that charge is still the order's
 * current Pix and nothing paid it: cancelled "Pix expirado", stock released, cart reopened.
 */
export async function expireOrderOf(tx: Tx, services: Services, payment: PaymentRow): Promise<boolean> {
  if (!payment.orderId) return false;
  const order = await lockOrder(tx, payment.orderId);
  if (order.status !== "pending_payment" || order.pixTxid !== payment.txid) return false;
  await expireOrder(tx, services, order);
  return true;
}

/**
 * Sends a refund_pending payment's money back through its provider (the payment's id makes a
 * retried call the same refund), then records it and tells the customer. A provider that fails
 * leaves it refund_pending: the poller tries again.
 */
export async function refundPayment(services: Services, provider: PaymentProvider, payment: PaymentRow): Promise<boolean> {
  const amountCents = payment.paidCents ?? payment.amountCents;
  try {
    await provider.refundCharge({
      providerChargeId: payment.providerChargeId,
      txid: payment.txid,
      endToEndId: payment.e2eId,
      amountCents,
      refundId: `D${payment.id.replaceAll("-", "")}`,
    });
  } catch (error) {
    services.logger.warn({ err: error, paymentId: payment.id }, "pix refund failed; the poller tries again");
    return false;
  }
  await services.db.transaction(async (tx) => {
    if (!(await markRefundSent(tx, payment.id)) || !payment.orderId) return;
    // An entry of the order's history (its status stays), and the customer told by the machine's effects.
    const order = await lockOrder(tx, payment.orderId);
    await moveOrder(tx, services, order, {
      reason: "late_payment_refunded",
      actorUserId: null,
      message: {
        ...paymentMessage({ number: order.number, totalCents: order.totalCents }, "refunded"),
        content: `O Pix do pedido #${order.number} chegou depois do prazo, quando o pedido já estava cancelado. Devolvemos o valor para a conta que pagou.`,
      },
    });
  });
  return true;
}
