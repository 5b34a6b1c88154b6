import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/*
 * Pix charges made through a provider, and payments a provider reported.
 * Owned by domain/payments/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/**
 * Every Pix charge made through a provider (issue 21, decision 036), and every payment a provider
 * reported that matched none of them. A webhook or the poller only hints; the row changes by one
 * conditional update (`… where status = 'pending'`), so a payment is applied once however often,
 * late or concurrently it is reported. Money is integer cents, converted at the provider's edge.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null: a payment whose reference matches no order of the shop (kept, and the admin told once). */
    orderId: uuid("order_id"),
    /** "mercadopago" | "bcb". */
    provider: text("provider").notNull(),
    /** "pix", or "card" (a credit card through Mercado Pago's Card Payment Brick, issue 32). */
    method: text("method").notNull().default("pix"),
    /** 1 for the order's first charge, 2… for each "Gerar novo Pix" (the idempotency key's part). */
    attempt: integer("attempt").notNull().default(1),
    /** The provider's own id: Mercado Pago's payment id; the cob's txid at a BCB Pix API PSP. */
    providerChargeId: text("provider_charge_id").notNull(),
    /** The charge's txid (26–35 letters and digits; Mercado Pago's external_reference). */
    txid: text("txid"),
    /** The Pix end-to-end id of the payment, once paid (idempotency key of the BCB callbacks). */
    e2eId: text("e2e_id"),
    /** pending | paid | expired | cancelled | rejected | refund_pending | refunded. */
    status: text("status").notNull().default("pending"),
    /** The provider's own word for it ("approved", "CONCLUIDA"…), as last read. */
    providerStatus: text("provider_status"),
    amountCents: integer("amount_cents").notNull(),
    paidCents: integer("paid_cents"),
    /** Why it needs the admin: underpaid, foreign_reference, paid_after_expiry, order_not_pending. */
    problem: text("problem"),
    /** The provider's last answer about the charge, verbatim. */
    raw: jsonb("raw"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /*
     * A card payment keeps only what PCI lets a shop keep and the owner needs to read: the brand,
     * the last four digits, the installments (issue 32). Never the number, the CVV, the token.
     */
    /** The browser's key of one card attempt (the provider's idempotency key is made of it). */
    attemptKey: text("attempt_key"),
    cardBrand: text("card_brand"),
    cardLastFour: text("card_last_four"),
    installments: integer("installments"),
    /** Card refunds made through the provider; a refund is reserved here first, so two at once never pass what was paid. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** A chargeback the buyer opened at their bank (topic_chargebacks_wh), and the deadline to send documents. */
    chargebackId: text("chargeback_id"),
    chargebackDeadline: timestamp("chargeback_deadline", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_provider_charge").on(t.provider, t.providerChargeId),
    uniqueIndex("payments_provider_txid").on(t.provider, t.txid),
    uniqueIndex("payments_e2e_id").on(t.e2eId),
    // A Pix attempt is one charge; card attempts are told apart by the browser's key.
    uniqueIndex("payments_order_attempt")
      .on(t.orderId, t.attempt)
      .where(sql`method = 'pix'`),
    uniqueIndex("payments_order_card_attempt").on(t.orderId, t.attemptKey),
    // The poller's work list.
    index("payments_open")
      .on(t.updatedAt)
      .where(sql`status in ('pending', 'refund_pending')`),
    check("payments_money", sql`${t.amountCents} > 0 and (${t.paidCents} is null or ${t.paidCents} >= 0)`),
    check("payments_refunds_within_paid", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);
