/**
 * The one writer of a label's state (decision 078): every move goes through `moveLabel`, which
 * checks the declared transitions (label-schemas.ts) and writes the history entry beside it.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { labelHistory, labels } from "#platform/db/tables/labels.ts";
import { canMoveLabel, printPathOf, type LabelStatus, type LabelView } from "#domain/labels/label-schemas.ts";

export type LabelRow = typeof labels.$inferSelect;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

/** The label of this id, locked for the caller's transaction. */
export async function lockLabel(tx: Tx, id: string): Promise<LabelRow | null> {
  const [row] = await tx.select().from(labels).where(eq(labels.id, id)).for("update");
  return row ?? null;
}

export async function readLabel(db: Reader, id: string): Promise<LabelRow | null> {
  const [row] = await db.select().from(labels).where(eq(labels.id, id));
  return row ?? null;
}

export type LabelPatch = Partial<Omit<LabelRow, "id" | "orderId" | "status" | "createdAt" | "updatedAt">>;

/** Moves the label to `to` (or keeps it, recording a step), with `patch`; refuses an undeclared move. */
export async function moveLabel(
  tx: Tx,
  label: LabelRow,
  to: LabelStatus,
  patch: LabelPatch = {},
  note: string | null = null,
): Promise<LabelRow> {
  if (label.status !== to && !canMoveLabel(label.status, to)) {
    throw new Error(`label ${label.id}: ${label.status} → ${to} is not a declared move`);
  }
  const [row] = await tx
    .update(labels)
    .set({ ...patch, status: to, updatedAt: new Date() })
    .where(eq(labels.id, label.id))
    .returning();
  await tx.insert(labelHistory).values({
    labelId: label.id,
    fromStatus: label.status,
    toStatus: to,
    step: row!.step,
    providerStatus: row!.providerStatus,
    note,
  });
  return row!;
}

/** What the owner's screens show of a label, with its history. */
export async function labelView(db: Reader, label: LabelRow): Promise<LabelView> {
  const history = await db
    .select()
    .from(labelHistory)
    .where(eq(labelHistory.labelId, label.id))
    .orderBy(asc(labelHistory.createdAt), asc(labelHistory.id));
  return {
    id: label.id,
    orderId: label.orderId,
    status: label.status,
    step: label.step,
    serviceId: label.serviceId,
    priceCents: label.priceCents,
    nonCommercial: label.nonCommercial,
    providerStatus: label.providerStatus,
    protocol: label.protocol,
    trackingCode: label.trackingCode,
    printPath: label.status === "ready" || label.status === "used" ? printPathOf([label.orderId]) : null,
    errorMessage: label.errorMessage,
    refundNote: label.refundNote,
    createdAt: label.createdAt.toISOString(),
    updatedAt: label.updatedAt.toISOString(),
    history: history.map((entry) => ({
      toStatus: entry.toStatus,
      step: entry.step,
      providerStatus: entry.providerStatus,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
