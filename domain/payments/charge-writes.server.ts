/**
 * How a provider's answer changes a charge (the `payments` rows), written by the payments module
 * (decision 048): domain/reconciliation decides what the answer means for the order and calls these
 * inside its transaction, so each conditional update stays the one place a concurrent delivery loses.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { payments } from "#platform/db/tables/payments.ts";
import type { ChargeRow } from "#domain/payments/charge-lookups.server.ts";
import type { ChargeState } from "#domain/payments/payment-provider.server.ts";

type Reader = Pick<Database, "select">;
type Writer = Pick<Database, "update">;

/** Columns a provider's answer sets on a charge. */
export type ChargeFields = Partial<typeof payments.$inferInsert>;

/** What the provider last said of a charge, kept on every read of it. */
export type ChargeSeen = Pick<ChargeFields, "providerStatus" | "raw" | "updatedAt">;

/** States from which a payment that arrives still counts (a charge expired or cancelled here may be paid there). */
const CLAIMABLE = ["pending", "expired", "cancelled"];

/** The shop's charge with this provider's id; undefined when the shop never made it. */
export async function chargeByProviderId(db: Reader, provider: string, providerChargeId: string): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerChargeId, providerChargeId)));
  return row;
}

/** A paid charge no order of the shop made, kept once (unique per provider and id); false when it was already kept. */
export async function recordForeignCharge(tx: Pick<Database, "insert">, provider: string, state: ChargeState): Promise<boolean> {
  const inserted = await tx
    .insert(payments)
    .values({
      orderId: null,
      provider,
      providerChargeId: state.providerChargeId,
      status: "rejected",
      problem: "foreign_reference",
      providerStatus: state.providerStatus,
      amountCents: Math.max(1, state.amountCents),
      paidCents: state.paidCents,
      raw: state.raw as object,
      paidAt: state.paidAt,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return inserted.length > 0;
}

/** A pending charge expired or was cancelled at the provider; false when it was no longer pending. */
export async function endPendingCharge(tx: Writer, id: string, seen: ChargeSeen, status: "expired" | "cancelled"): Promise<boolean> {
  const claimed = await tx
    .update(payments)
    .set({ ...seen, status })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")))
    .returning();
  return claimed.length > 0;
}

/** The provider refunded a paid charge (or one waiting for its refund). */
export async function markChargeRefunded(tx: Writer, id: string, seen: ChargeSeen): Promise<void> {
  await tx
    .update(payments)
    .set({ ...seen, status: "refunded" })
    .where(and(eq(payments.id, id), inArray(payments.status, ["paid", "refund_pending"])));
}

/** Still pending at the provider: only what it said is kept (a late "pending" never undoes a payment). */
export async function notePendingCharge(tx: Writer, id: string, seen: ChargeSeen): Promise<void> {
  await tx
    .update(payments)
    .set(seen)
    .where(and(eq(payments.id, id), eq(payments.status, "pending")));
}

/**
 * THE conditional update of an arriving payment: of every concurrent delivery, one gets the row
 * back (paid or rejected); the others get undefined.
 */
export async function claimCharge(tx: Writer, id: string, fields: ChargeFields): Promise<ChargeRow | undefined> {
  const [claimed] = await tx
    .update(payments)
    .set(fields)
    .where(and(eq(payments.id, id), inArray(payments.status, CLAIMABLE)))
    .returning();
  return claimed;
}

/** What the provider said of a charge someone else already claimed. */
export async function noteChargeSeen(tx: Writer, id: string, seen: ChargeSeen): Promise<void> {
  await tx.update(payments).set(seen).where(eq(payments.id, id));
}

/** Paid after its order ended: the money is to go back. */
export async function markRefundPending(tx: Writer, id: string): Promise<ChargeRow> {
  const [refunding] = await tx
    .update(payments)
    .set({ status: "refund_pending", problem: "paid_after_expiry" })
    .where(eq(payments.id, id))
    .returning();
  return refunding!;
}

/** The provider took the refund: false when it was no longer waiting for it (another run recorded it). */
export async function markRefundSent(tx: Writer, id: string): Promise<boolean> {
  const done = await tx
    .update(payments)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, "refund_pending")))
    .returning();
  return done.length > 0;
}
