/**
 * Buying labels from the admin (issue 30 item 4, decision 078): "Comprar etiqueta" on an order, or
 * "Comprar etiquetas" for the selected paid orders. Each label is a row (started) and a job that
 * runs Melhor Envio's four steps (label-steps.server.ts); buying a failed label again resumes it at
 * the step it reached, so nothing is paid twice. What can be refused at once is refused here, in
 * Portuguese, before any row exists.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { labels } from "#platform/db/tables/labels.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import type { AppServices } from "#platform/services.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { authorizedNfeKey } from "#domain/invoices/invoice-keys.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { readFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { melhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import { labelRefused, NEEDS_NFE, NEEDS_PROFILE, NO_ADDRESS, NOT_SHIPPABLE_STATUS, NOTHING_TO_SHIP } from "#domain/labels/label-errors.ts";
import { serviceIdOf } from "#domain/labels/label-parcel.server.ts";
import { printPathOf, type BulkLabelsResult, type OrderLabel } from "#domain/labels/label-schemas.ts";
import { labelView, lockLabel, moveLabel, type LabelRow } from "#domain/labels/label-store.server.ts";
import { NOT_CONNECTED } from "#domain/labels/melhor-envio-shipments.server.ts";
import { orderNotFound } from "#domain/errors.ts";

export const LABEL_STEP_TASK = "label-step";
/** Tries of one step: graphile-worker's back-off (e^n s) makes 10 about three and a half hours of Melhor Envio down; the last fails the label (decision 088). */
export const LABEL_STEP_MAX_ATTEMPTS = 10;

type Services = Pick<AppServices, "config" | "db" | "logger">;
type Executor = Parameters<typeof enqueueJob>[0];

/** Queues the label's next step (one waiting job per label). */
export function enqueueLabelStep(executor: Executor, labelId: string): Promise<void> {
  return enqueueJob(executor, LABEL_STEP_TASK, { labelId }, { jobKey: `label-step:${labelId}`, maxAttempts: LABEL_STEP_MAX_ATTEMPTS });
}

/** Why this order cannot get a label now (Portuguese, with what to do); null: it can. */
export async function labelBlocker(services: Services, order: OrderDetail): Promise<string | null> {
  if (!(await melhorEnvioAccess(services))) return NOT_CONNECTED;
  if (order.status !== "paid" && order.status !== "preparing") return NOT_SHIPPABLE_STATUS;
  if (!order.items.some((item) => item.needsShipping)) return NOTHING_TO_SHIP;
  if (!order.shippingAddress) return NO_ADDRESS;
  const profile = await readFulfilmentProfile(services);
  if (!profile) return NEEDS_PROFILE;
  if (profile.shipsWith === "nfe" && !(await authorizedNfeKey(services.db, order.id))) return NEEDS_NFE;
  return null;
}

async function liveLabel(services: Services, orderId: string): Promise<LabelRow | null> {
  const [row] = await services.db
    .select()
    .from(labels)
    .where(and(eq(labels.orderId, orderId), ne(labels.status, "cancelled")));
  return row ?? null;
}

/** The order's label as the admin order page shows it, and whether one can be bought. */
export async function orderLabel(services: Services, orderId: string): Promise<OrderLabel> {
  const order = await getOrder(services.db, orderId);
  if (!order) throw orderNotFound();
  const label = await liveLabel(services, orderId);
  const blocker = label && label.status !== "failed" ? null : await labelBlocker(services, order);
  return { label: label ? await labelView(services.db, label) : null, blocker };
}

/**
 * "Comprar etiqueta": a new label (started) with its first step queued, or the failed one resumed;
 * a label already on its way or ready is answered as it is. Refuses at once what cannot be bought.
 */
export async function buyLabel(services: Services, actorUserId: string, orderId: string): Promise<OrderLabel> {
  const order = await getOrder(services.db, orderId);
  if (!order) throw orderNotFound();
  const existing = await liveLabel(services, orderId);
  if (existing && existing.status !== "failed") return orderLabel(services, orderId);
  const blocker = await labelBlocker(services, order);
  if (blocker) throw labelRefused(blocker);
  const profile = (await readFulfilmentProfile(services))!;
  await services.db.transaction(async (tx) => {
    if (existing) {
      const locked = await lockLabel(tx, existing.id);
      if (locked?.status !== "failed") return;
      await moveLabel(tx, locked, "in_progress", { errorMessage: null }, "Comprada de novo pela dona: continua do passo em que parou.");
      await enqueueLabelStep(tx, locked.id);
      return;
    }
    const [row] = await tx
      .insert(labels)
      .values({ orderId, serviceId: serviceIdOf(order.shippingMethod), nonCommercial: profile.shipsWith === "dce" })
      .onConflictDoNothing()
      .returning();
    if (!row) return; // another click made it first
    await moveLabel(tx, row, "started", {}, "Etiqueta pedida.");
    await enqueueLabelStep(tx, row.id);
    await recordAudit(tx, {
      actorUserId,
      action: "label.buy",
      entityType: "order",
      entityId: orderId,
      before: null,
      after: { labelId: row.id },
    });
  });
  return orderLabel(services, orderId);
}

/** "Comprar etiquetas" for the selected orders: each bought or refused on its own, and one print link for them all. */
export async function buyLabels(services: Services, actorUserId: string, orderIds: readonly string[]): Promise<BulkLabelsResult> {
  const started: BulkLabelsResult["started"] = [];
  const refused: BulkLabelsResult["refused"] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      const { label } = await buyLabel(services, actorUserId, orderId);
      if (label) started.push({ orderId, labelId: label.id });
    } catch (error) {
      if (!(error instanceof Error) || !("kind" in error)) throw error;
      refused.push({ orderId, message: error.message });
    }
  }
  return { started, refused, printPath: started.length > 0 ? printPathOf(started.map((entry) => entry.orderId)) : null };
}

/** The live labels of these orders (the print link's and the orders list's). */
export async function liveLabels(services: Pick<Services, "db">, orderIds: readonly string[]): Promise<LabelRow[]> {
  if (orderIds.length === 0) return [];
  return services.db
    .select()
    .from(labels)
    .where(and(inArray(labels.orderId, [...orderIds]), ne(labels.status, "cancelled")));
}
