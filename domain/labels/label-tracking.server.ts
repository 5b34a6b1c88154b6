/**
 * What Melhor Envio says of a label after it is printed (issue 30 item 5, decision 079): its signed
 * webhooks and a polling job, both re-reading /shipment/tracking before trusting anything. Each
 * change of the label's carrier status is applied once (statuses only move forward; a webhook is
 * kept by (shipment, event) so a replay changes nothing) and calls the orders' recordCarrierEvent in
 * the same transaction.
 */
import { and, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { labels, labelWebhookEvents } from "#platform/db/tables/labels.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import type { AppServices } from "#platform/services.ts";
import { recordCarrierEvent, type CarrierStatus } from "#domain/orders/carrier-events.server.ts";
import { labelWebhookNotAuthentic } from "#domain/labels/label-errors.ts";
import { melhorEnvioWebhookSchema } from "#domain/labels/label-schemas.ts";
import { lockLabel, moveLabel, type LabelRow, type Tx } from "#domain/labels/label-store.server.ts";
import { LabelRefusal, tracking, type TrackingEntry } from "#domain/labels/melhor-envio-shipments.server.ts";
import { isAuthenticMelhorEnvioWebhook } from "#domain/labels/webhook-signature.server.ts";

type Services = Pick<AppServices, "config" | "db" | "logger">;

export const LABEL_POLL_TASK = "label-tracking-poll";
/** Melhor Envio caches /shipment/tracking for an hour: asking sooner learns nothing. */
export const TRACKING_CACHE_MS = 60 * 60_000;
/** After these the carrier has nothing more to say. */
export const FINAL_PROVIDER_STATUSES = ["delivered", "undelivered", "canceled"] as const;

/** How far along each of Melhor Envio's statuses is: a status never moves back (late or out-of-order news). */
const RANK: Record<string, number> = {
  pending: 0,
  expired: 0,
  released: 1,
  generated: 2,
  posted: 3,
  delivered: 4,
  undelivered: 4,
  canceled: 4,
};
const rankOf = (status: string | null) => (status === null ? -1 : (RANK[status] ?? -1));

/** The customer's page to follow the parcel (both Melhor Envio integrations use it). */
export const trackingUrlOf = (code: string) => `https://www.melhorrastreio.com.br/rastreio/${encodeURIComponent(code)}`;

/** The carrier events a new provider status means, in order (a delivery first posts, if that was missed). */
function carrierSteps(from: string | null, to: string): CarrierStatus[] {
  const steps: CarrierStatus[] = [];
  if ((to === "delivered" || to === "undelivered") && rankOf(from) < RANK.posted!) steps.push("posted");
  if (to === "posted" || to === "delivered" || to === "undelivered") steps.push(to);
  return steps;
}

/** Applies what tracking says to the (locked) label; whether anything changed. */
export async function applyTracking(tx: Tx, services: Services, label: LabelRow, entry: TrackingEntry, now = new Date()): Promise<boolean> {
  const to = entry.status;
  if (label.status === "cancelled" || rankOf(to) <= rankOf(label.providerStatus)) {
    await tx.update(labels).set({ polledAt: now }).where(eq(labels.id, label.id));
    return false;
  }
  const code = entry.tracking ?? label.trackingCode ?? entry.melhorenvio_tracking ?? null;
  const patch = { providerStatus: to, trackingCode: code, polledAt: now };
  if (to === "canceled") {
    if (label.status === "used") return false;
    await moveLabel(tx, label, "cancelled", patch, "Cancelada no Melhor Envio.");
    return true;
  }
  // A printed label is "used" once the carrier has it; one still being bought keeps its state (rare: posted mid-print).
  const posted = rankOf(to) >= RANK.posted!;
  const target = posted && (label.status === "ready" || label.status === "used") ? "used" : label.status;
  await moveLabel(tx, label, target, patch, `Melhor Envio: ${to}.`);
  for (const status of carrierSteps(label.providerStatus, to)) {
    const at =
      status === "delivered" && entry.delivered_at
        ? new Date(entry.delivered_at)
        : status === "posted" && entry.posted_at
          ? new Date(entry.posted_at)
          : new Date();
    await recordCarrierEvent(tx, services, {
      orderId: label.orderId,
      source: "melhorenvio",
      eventId: `${label.shipmentId}:${status}`,
      status,
      trackingCode: entry.tracking ?? null,
      trackingUrl: entry.tracking ? trackingUrlOf(entry.tracking) : null,
      at: Number.isNaN(at.getTime()) ? new Date() : at,
    });
  }
  return true;
}

async function labelByShipment(services: Services, shipmentId: string): Promise<LabelRow | null> {
  const [row] = await services.db.select().from(labels).where(eq(labels.shipmentId, shipmentId));
  return row ?? null;
}

/**
 * The webhook: authentic or refused; then the shipment's tracking is read again and applied once per
 * (shipment, event). Melhor Envio unreachable: the poll is queued and the webhook still answered.
 */
export async function receiveLabelWebhook(
  services: Services,
  input: { rawBody: string; signature: string | undefined },
): Promise<{ applied: boolean }> {
  if (!isAuthenticMelhorEnvioWebhook(services.config.MELHOR_ENVIO_CLIENT_SECRET, input.rawBody, input.signature)) {
    throw labelWebhookNotAuthentic();
  }
  let body: unknown;
  try {
    body = JSON.parse(input.rawBody);
  } catch {
    return { applied: false };
  }
  const parsed = melhorEnvioWebhookSchema.safeParse(body);
  if (!parsed.success) return { applied: false };
  const { event, data } = parsed.data;
  const label = await labelByShipment(services, data.id);
  if (!label) return { applied: false };
  let entry: TrackingEntry | undefined;
  try {
    entry = (await tracking(services, [data.id])).get(data.id);
  } catch (error) {
    if (!(error instanceof ServiceUnavailableError) && !(error instanceof LabelRefusal)) throw error;
    services.logger.warn({ err: error, shipmentId: data.id }, "melhor envio tracking unreadable: polling instead");
    await enqueueJob(services.db, LABEL_POLL_TASK, {}, { jobKey: LABEL_POLL_TASK });
    return { applied: false };
  }
  if (!entry) return { applied: false };
  return services.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(labelWebhookEvents)
      .values({ shipmentId: data.id, event: event.replace("cancelled", "canceled") })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) return { applied: false }; // a replay
    const locked = await lockLabel(tx, label.id);
    return { applied: locked ? await applyTracking(tx, services, locked, entry) : false };
  });
}

/**
 * The polling job: labels printed or posted whose carrier has more to say, not read within the
 * cache's hour; stops for good after delivered, undelivered or cancelled. How many changed.
 */
export async function pollLabelTracking(services: Services, now = new Date()): Promise<number> {
  const due = await services.db
    .select()
    .from(labels)
    .where(
      and(
        inArray(labels.status, ["ready", "used"]),
        sql`${labels.shipmentId} is not null`,
        or(isNull(labels.providerStatus), notInArray(labels.providerStatus, [...FINAL_PROVIDER_STATUSES])),
        or(isNull(labels.polledAt), lt(labels.polledAt, new Date(now.getTime() - TRACKING_CACHE_MS))),
      ),
    )
    .limit(100);
  if (due.length === 0) return 0;
  const entries = await tracking(
    services,
    due.map((label) => label.shipmentId!),
  );
  let changed = 0;
  for (const label of due) {
    const entry = entries.get(label.shipmentId!);
    await services.db.transaction(async (tx) => {
      const locked = await lockLabel(tx, label.id);
      if (!locked) return;
      if (!entry) {
        await tx.update(labels).set({ polledAt: now }).where(eq(labels.id, label.id));
        return;
      }
      if (await applyTracking(tx, services, locked, entry, now)) changed += 1;
    });
  }
  return changed;
}
