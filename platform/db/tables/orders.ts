import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { OrderAddressSnapshot } from "#platform/db/json-columns.ts";
import { users } from "#platform/db/tables/auth.ts";
import { carts } from "#platform/db/tables/cart.ts";
import { productUnitType, products } from "#platform/db/tables/catalog.ts";

/*
 * Orders: the order, its lines, its status history, its discounts and its refund.
 * Owned by domain/orders/ (decision 048): only its files import this one; every other module goes
 * through its functions (.dependency-cruiser.js, rule `tables-owned-by-their-module`). Money is
 * integer cents (docs/requirements.md).
 */

/*
 * Checkout, orders and Pix (issue 6, decision 005). Money is integer cents; an order keeps a
 * snapshot of every line and of the delivery address, so later catalogue edits never change it.
 */
export const orderStatus = pgEnum("order_status", [
  "pending_payment",
  "paid",
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  // Part of the money went back (decision 044): the order stays the shop's revenue, less the refund.
  "partially_refunded",
]);

/**
 * Why an order moved (or why its history has an entry without a move): the order machine
 * (domain/orders/order-machine.server.ts) writes it with every history entry and decides on it; the
 * Portuguese text people read is rendered from it (order-reasons.ts), so no decision reads a note.
 */
export const orderStatusReason = pgEnum("order_status_reason", [
  "order_placed",
  "paid_by_provider",
  "paid_confirmed_by_admin",
  "pix_expired",
  "pix_renewed",
  "paid_after_expiry",
  "late_payment_refunded",
  "cancelled_by_shop",
  "withdrawal_before_shipping",
  "return_requested",
  "return_accepted",
  "return_reply",
  "return_refused",
  "refunded_by_admin",
  "partially_refunded_by_admin",
  "refund_recorded",
  "refund_paid",
  "preparation_started",
  "shipped",
  "tracking_corrected",
  "delivered",
  "moved_by_admin",
  // The carrier's news that keeps the status (decision 080): in transit, out for delivery, a delivery
  // that failed, a parcel back at the shop, the goods delivered while another part still waits.
  "in_transit",
  "out_for_delivery",
  "delivery_failed",
  "returned_to_sender",
  "parcel_delivered",
  // A service of the order was held (decision 081): "Consultoria realizada".
  "service_held",
]);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What people read and say ("#10001"): a sequence, so it is short and never repeats. */
    number: integer("number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 10001 }),
    /** Null once the customer deleted the account (the order stays for the shop's books). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    status: orderStatus("status").notNull().default("pending_payment"),
    subtotalCents: integer("subtotal_cents").notNull(),
    packagingCents: integer("packaging_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    shippingMethod: text("shipping_method"),
    /**
     * The Melhor Envio service the customer chose (its id, e.g. 17 Mini Envios, and its name as
     * quoted, decision 073); null for the table's PAC/SEDEX and orders that do not ship.
     */
    shippingServiceId: integer("shipping_service_id"),
    shippingServiceName: text("shipping_service_name"),
    shippingDays: integer("shipping_days"),
    /**
     * Business days of production before posting (the longest lead time of its made-to-order items),
     * kept as placed: every estimate is this plus shipping_days (decision 058).
     */
    productionDays: integer("production_days").notNull().default(0),
    shippingAddress: jsonb("shipping_address").$type<OrderAddressSnapshot | null>(),
    /** Which payment provider handles it: "static_pix" (confirmed by an admin) until a PSP is configured. */
    paymentProvider: text("payment_provider").notNull().default("static_pix"),
    pixTxid: text("pix_txid").notNull().unique(),
    /**
     * The "copia e cola". Null while a provider's charge is being made after the order's commit (decision
     * 045): the order and its stock are saved first, the provider is called outside any transaction.
     */
    pixCode: text("pix_code"),
    pixExpiresAt: timestamp("pix_expires_at", { withTimezone: true }).notNull(),
    /** 1 for the order's first Pix; each "Gerar novo Pix" after an expiry adds one (a new txid each time). */
    pixAttempt: integer("pix_attempt").notNull().default(1),
    /** The expiry the "your Pix expires soon" e-mail was sent for: one reminder per Pix (issue 19 item 5). */
    pixRemindedFor: timestamp("pix_reminded_for", { withTimezone: true }),
    /** Set when the last try to make the current Pix at the provider failed (the job keeps trying); cleared when it exists. */
    pixChargeFailedAt: timestamp("pix_charge_failed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    trackingCode: text("tracking_code"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the rating_reminder is due (set on delivery); cleared once sent. */
    ratingReminderAt: timestamp("rating_reminder_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /**
     * The customer deleted the account while this order was still in progress: its name, e-mail and
     * address stay until it is delivered or cancelled (LGPD arts. 7, V and 15–16: the contract is still being performed),
     * then the scrub job removes them and clears this.
     */
    scrubWhenDone: boolean("scrub_when_done").notNull().default(false),
    /** The reason of the move into the current status (null only for rows written before reasons existed, or by tests). */
    statusReason: orderStatusReason("status_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_created").on(t.userId, t.createdAt.desc()),
    index("orders_status_created").on(t.status, t.createdAt.desc()),
    // The expiry job's work list: unpaid orders by deadline.
    index("orders_pending_expiry")
      .on(t.pixExpiresAt)
      .where(sql`status = 'pending_payment'`),
    index("orders_rating_reminder")
      .on(t.ratingReminderAt)
      .where(sql`rating_reminder_at is not null`),
    // One live order per cart, however often checkout is submitted (an expired one frees the cart).
    uniqueIndex("orders_one_live_per_cart")
      .on(t.cartId)
      .where(sql`status <> 'cancelled' and cart_id is not null`),
    check(
      "orders_money",
      sql`${t.subtotalCents} >= 0 and ${t.packagingCents} >= 0 and ${t.shippingCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} > 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.packagingCents} + ${t.shippingCents} - ${t.discountCents}`,
    ),
  ],
);

/** One line of an order: what was bought, at what price, as it was at the time. */
export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    productName: text("product_name").notNull(),
    productSlug: text("product_slug").notNull(),
    unitType: productUnitType("unit_type").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalPriceCents: integer("total_price_cents").notNull(),
    packagingEnabled: boolean("packaging_enabled").notNull().default(false),
    packagingFeeCents: integer("packaging_fee_cents").notNull().default(0),
    sachetCount: integer("sachet_count"),
    finalTotalCents: integer("final_total_cents").notNull(),
    needsShipping: boolean("needs_shipping").notNull(),
    /** True when this line took units from products.stock (given back if the order is cancelled). */
    stockReserved: boolean("stock_reserved").notNull().default(false),
    /**
     * A service line (consultoria, mentoria, auditoria): when the owner marked it held, and who
     * (decision 081). Null: not held yet, or not a service. The order is delivered only once every
     * service line is held and its goods arrived.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    heldBy: text("held_by"),
  },
  (t) => [
    index("order_items_order_id").on(t.orderId),
    check(
      "order_items_money",
      sql`${t.quantity} > 0 and ${t.totalPriceCents} >= 0 and ${t.finalTotalCents} = ${t.totalPriceCents} + ${t.packagingFeeCents}`,
    ),
  ],
);

/**
 * Every status change (and every step of a withdrawal or refund that keeps the status), with its
 * typed reason, time and who made it (null: the customer's checkout or a job). `note` is only the
 * free detail a person typed (the admin's note, the customer's reason, a tracking code); the text
 * shown is rendered from `reason` with it.
 */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    reason: orderStatusReason("reason").notNull(),
    note: text("note"),
    /** The amount of a refund entry. */
    amountCents: integer("amount_cents"),
    actorUserId: text("actor_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order").on(t.orderId, t.createdAt)],
);

/**
 * Money given back for an order (CDC art. 49: everything paid, freight included). The order is the
 * key, so a refund is recorded once however often or concurrently it is asked for.
 */
export const refundStatus = pgEnum("refund_status", ["owed", "paid"]);

export const orderRefunds = pgTable(
  "order_refunds",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The freight inside amount_cents, kept apart because CDC art. 49 refunds it too. */
    shippingCents: integer("shipping_cents").notNull(),
    /** "withdrawal": the customer's CDC art. 49 request; "admin": the admin's refund. */
    reason: text("reason").notNull(),
    /**
     * owed: the shop still has to send the money (the owner's refund queue); paid: sent, as the
     * admin who sent it says (paid_by) or the provider confirmed (paid_by null). Decision 044.
     */
    status: refundStatus("status").notNull().default("paid"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidBy: text("paid_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("order_refunds_amount", sql`${t.amountCents} > 0 and ${t.shippingCents} >= 0 and ${t.shippingCents} <= ${t.amountCents}`)],
);

export const orderDiscountKind = pgEnum("order_discount_kind", ["coupon", "credit"]);

/** The discounts of an order as the customer saw them (orders.discount_cents is their sum). */
export const orderDiscounts = pgTable(
  "order_discounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: orderDiscountKind("kind").notNull(),
    /** What the customer reads: "Cupom BEMVINDO (10%)", "Crédito de indicação". */
    label: text("label").notNull(),
    amountCents: integer("amount_cents").notNull(),
    couponCode: text("coupon_code"),
  },
  (t) => [index("order_discounts_order").on(t.orderId), check("order_discounts_amount", sql`${t.amountCents} > 0`)],
);

/*
 * A customer's withdrawal (CDC art. 49) as a row of its own (decision 044): before shipping the
 * order is cancelled and the refund owed at once; after shipping the shop approves it, receives the
 * products (then records the refund) or refuses it. `items`: the lines that come back, as ordered.
 */
export const returnKind = pgEnum("return_kind", ["before_shipping", "after_shipping"]);
export const returnStatus = pgEnum("return_status", ["requested", "approved", "received", "refused"]);

export type ReturnedItem = { productId: string; productName: string; quantity: number; totalCents: number };

export const orderReturns = pgTable(
  "order_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One withdrawal per order (asking again answers the first). */
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: returnKind("kind").notNull(),
    status: returnStatus("status").notNull().default("requested"),
    /** What the customer wrote (null: nothing). */
    reason: text("reason"),
    items: jsonb("items").$type<ReturnedItem[]>().notNull(),
    /** What goes back: the whole total, freight included (CDC art. 49). */
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_returns_status").on(t.status, t.createdAt), check("order_returns_amount", sql`${t.amountCents} >= 0`)],
);

/*
 * What the carrier said about an order's parcel (decision 080): each event once, keyed by where it
 * came from and its id there, so a webhook delivered five times, or the same news from the webhook
 * and the polling, is one row. Kept even when it moves nothing (late or out of order): the
 * customer's timeline shows what the carrier said, the order never moves backwards.
 */
export const carrierEventStatus = pgEnum("carrier_event_status", [
  "posted",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "undelivered",
  "returned",
]);

export const orderCarrierEvents = pgTable(
  "order_carrier_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "melhorenvio" (webhook or polling) or "owner" (a code typed with the table provider). */
    source: text("source").notNull(),
    eventId: text("event_id").notNull(),
    status: carrierEventStatus("status").notNull(),
    trackingCode: text("tracking_code"),
    trackingUrl: text("tracking_url"),
    /** When the carrier says it happened. */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** Whether it moved the order (false: a late or repeated stage, kept for the timeline only). */
    moved: boolean("moved").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_carrier_events_once").on(t.source, t.eventId),
    index("order_carrier_events_order").on(t.orderId, t.occurredAt),
  ],
);
