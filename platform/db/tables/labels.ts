import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "#platform/db/tables/orders.ts";

/*
 * Shipping labels bought through Melhor Envio (issue 30 items 4 and 5, decisions 078 and 079).
 * Owned by domain/labels/ (decision 048): only its files import this one; every other module goes
 * through its functions. Money is integer cents.
 */

/**
 * A label's own state, modelled on Nuvemshop's Label API: started (asked for, no step run yet),
 * in_progress (Melhor Envio's steps running), ready (printable), used (posted by the carrier),
 * failed (a refusal the owner must act on; buying again resumes at the step reached), cancelled.
 */
export const labelStatus = pgEnum("label_status", ["started", "in_progress", "ready", "used", "failed", "cancelled"]);

/** The next of Melhor Envio's four steps to run (cart → checkout → generate → print), "done" once printed. */
export const labelStep = pgEnum("label_step", ["cart", "checkout", "generate", "print", "done"]);

export const labels = pgTable(
  "labels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: labelStatus("status").notNull().default("started"),
    step: labelStep("step").notNull().default("cart"),
    /** Melhor Envio's id of the shipment ("order" in its words), once in its cart. */
    shipmentId: text("shipment_id").unique(),
    protocol: text("protocol"),
    serviceId: integer("service_id").notNull(),
    /** What Melhor Envio charged the wallet (or will, while in its cart). */
    priceCents: integer("price_cents"),
    /** true: sent with a content declaration (DC-e mode); false: with the NF-e's key. */
    nonCommercial: boolean("non_commercial").notNull(),
    invoiceKey: text("invoice_key"),
    /** Melhor Envio's own status as last read (pending, released, generated, posted, delivered, undelivered, canceled). */
    providerStatus: text("provider_status"),
    /** The carrier's code (AA123456789BR) once posted; Melhor Envio's own code before. */
    trackingCode: text("tracking_code"),
    printUrl: text("print_url"),
    /** The refusal the owner reads, in Portuguese, with what to do; null when none. */
    errorMessage: text("error_message"),
    /** How many times a step was run (retries included). */
    attempts: integer("attempts").notNull().default(0),
    /** What was said about the money when it was cancelled (refund to the wallet). */
    refundNote: text("refund_note"),
    /** When the tracking was last read (Melhor Envio caches it for an hour). */
    polledAt: timestamp("polled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One label alive per order: a cancelled one makes room for a new one.
    uniqueIndex("labels_one_live_per_order")
      .on(t.orderId)
      .where(sql`status <> 'cancelled'`),
    index("labels_to_poll")
      .on(t.polledAt)
      .where(sql`status in ('ready', 'used') and coalesce(provider_status, '') not in ('delivered', 'undelivered', 'canceled')`),
    check("labels_price", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/** Every move of a label, with the step reached and Melhor Envio's status then. */
export const labelHistory = pgTable(
  "label_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    labelId: uuid("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
    fromStatus: labelStatus("from_status"),
    toStatus: labelStatus("to_status").notNull(),
    step: labelStep("step").notNull(),
    providerStatus: text("provider_status"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("label_history_label").on(t.labelId, t.createdAt)],
);

/** Melhor Envio's webhooks already applied, by (shipment, event): a replay changes nothing. */
export const labelWebhookEvents = pgTable(
  "label_webhook_events",
  {
    shipmentId: text("shipment_id").notNull(),
    event: text("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.event] })],
);
