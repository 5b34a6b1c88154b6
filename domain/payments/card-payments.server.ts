/**
 * The card payments' rows (issue 32), in the same `payments` table as the provider's Pix charges:
 * the webhook, the poller and the claim that pays an order once (decision 036) then serve both.
 * Only what PCI lets a shop keep is written: brand, last four, installments, the provider's ids.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { payments } from "#platform/db/tables/payments.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import type { ChargeState } from "#domain/payments/payment-provider.server.ts";
import type { Chargeback } from "#domain/payments/mercadopago-cards.server.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;
export type CardPaymentRow = typeof payments.$inferSelect;

/**
 * Records the card payment MP made for this attempt, open ("pending") until the one claim applies
 * its status. The same attempt recorded twice (a double submit, two tabs) is one row; answers it.
 */
export async function recordCardPayment(
  db: Database,
  attempt: { orderId: string; attemptKey: string; reference: string; totalCents: number },
  state: ChargeState,
): Promise<CardPaymentRow> {
  await db
    .insert(payments)
    .values({
      orderId: attempt.orderId,
      provider: "mercadopago",
      method: "card",
      attemptKey: attempt.attemptKey,
      providerChargeId: state.providerChargeId,
      txid: attempt.reference,
      status: "pending",
      providerStatus: state.providerStatus,
      amountCents: attempt.totalCents,
      raw: state.raw as object,
      cardBrand: state.card?.brand ?? null,
      cardLastFour: state.card?.lastFour ?? null,
      installments: state.card?.installments ?? null,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, "mercadopago"), eq(payments.providerChargeId, state.providerChargeId)));
  if (!row) throw new Error(`card payment ${state.providerChargeId} of order ${attempt.orderId}: not recorded`);
  return row;
}

/** The order's card payment still open at the provider (em análise, or waiting for 3DS): a second card must wait for it. */
export async function openCardPayment(db: Executor, orderId: string): Promise<CardPaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "card"), eq(payments.status, "pending")))
    .limit(1);
  return row ?? null;
}

/** The card payment that paid the order (a refund goes back through it); null when it was paid another way. */
export async function paidCardPayment(db: Executor, orderId: string): Promise<CardPaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, "card"), inArray(payments.status, ["paid", "refunded"])))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row ?? null;
}

/**
 * Reserves `amountCents` of the card payment for a refund, by one conditional update: only while
 * nothing of it is refunded or being refunded (one refund per order, decision 044) and never past
 * the amount charged. Of two refunds sent at once, one gets the row; the other gets false.
 */
export async function reserveCardRefund(tx: Tx, paymentId: string, amountCents: number): Promise<boolean> {
  const reserved = await tx
    .update(payments)
    .set({ refundedCents: amountCents, updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "paid"),
        eq(payments.refundedCents, 0),
        sql`${amountCents} between 1 and ${payments.amountCents}`,
      ),
    )
    .returning({ id: payments.id });
  return reserved.length > 0;
}

/** The provider did not make the refund: the reservation goes, so the owner can try again. */
export async function releaseCardRefund(db: Database, paymentId: string, amountCents: number): Promise<void> {
  await db
    .update(payments)
    .set({ refundedCents: 0, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.refundedCents, amountCents)));
}

/**
 * The job that sends an owed refund of a card order back to the card (a withdrawal, the shop's
 * cancellation of a paid order): queued in the move's transaction, so it exists only if the refund
 * row does, and run after the commit (decision 045: no provider call under a lock). One per order
 * (`jobKey`); the provider's idempotency key makes a retried run the same refund.
 */
export const CARD_REFUND_TASK = "card-refund";
export type CardRefundJob = { orderId: string };

export async function queueCardRefund(tx: Tx, orderId: string): Promise<void> {
  const job: CardRefundJob = { orderId };
  await enqueueJob(tx, CARD_REFUND_TASK, job, { jobKey: `${CARD_REFUND_TASK}:${orderId}`, maxAttempts: 25 });
}

/** The idempotency key of an order's one refund at MP (decision 068): a retried call is the same refund. */
export const cardRefundKey = (paymentId: string) => `R${paymentId.replaceAll("-", "")}`;

/** A chargeback the buyer opened: kept on each payment it disputes, with the deadline to send documents. */
export async function recordChargeback(db: Database, chargeback: Chargeback): Promise<CardPaymentRow[]> {
  if (chargeback.paymentIds.length === 0) return [];
  return db
    .update(payments)
    .set({ chargebackId: chargeback.id, chargebackDeadline: chargeback.documentationDeadline, updatedAt: new Date() })
    .where(and(eq(payments.provider, "mercadopago"), inArray(payments.providerChargeId, chargeback.paymentIds)))
    .returning();
}

/**
 * The chargebacks whose deadline to send documents has not passed: what the owner must still answer
 * at Mercado Pago (the owner's first screen), soonest first.
 */
export async function chargebacksAwaitingDocuments(db: Executor, now: Date): Promise<Array<{ orderId: string; deadline: Date }>> {
  const rows = await db
    .select({ orderId: payments.orderId, deadline: payments.chargebackDeadline })
    .from(payments)
    .where(and(isNotNull(payments.chargebackId), isNotNull(payments.orderId), gt(payments.chargebackDeadline, now)))
    .orderBy(asc(payments.chargebackDeadline))
    .limit(20);
  return rows.map((row) => ({ orderId: row.orderId!, deadline: row.deadline! }));
}
