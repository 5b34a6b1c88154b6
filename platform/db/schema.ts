import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { OrderAddressSnapshot, PriceTablePoint, ProductDetail } from "#platform/db/json-columns.ts";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Tables of spec §3. Money is integer cents everywhere (docs/requirements.md). */

export const cartStatus = pgEnum("cart_status", ["active", "completed", "pending_payment"]);

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id"),
    sessionId: uuid("session_id"),
    status: cartStatus("status").notNull().default("active"),
    /** The shipping the customer chose on /cart (spec §3 storage keys mirror it in the browser). */
    shippingMethod: text("shipping_method"),
    shippingPriceCents: integer("shipping_price_cents"),
    /** 8 digits, no dash: the CEP the shipping was quoted for. */
    shippingCep: text("shipping_cep"),
    /** When the abandoned-cart reminder went out (issue 19 item 5); a later change to the cart makes it due again. */
    abandonmentRemindedAt: timestamp("abandonment_reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One active cart per user and per session: concurrent "first add" requests cannot create two.
    uniqueIndex("carts_one_active_per_user")
      .on(t.userId)
      .where(sql`status = 'active' and user_id is not null`),
    uniqueIndex("carts_one_active_per_session")
      .on(t.sessionId)
      .where(sql`status = 'active' and session_id is not null`),
  ],
);

export type PackagingMetadata = { enabled: boolean; fee_amount: number; sachet_count: number };
export type ShippingOption = { method: string; price_cents: number };

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalPriceCents: integer("total_price_cents").notNull(),
    unitType: text("unit_type").notNull().default("gram"),
    shippingOption: jsonb("shipping_option").$type<ShippingOption | null>(),
    metadata: jsonb("metadata").$type<{ packaging?: PackagingMetadata }>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per product: two tabs adding the same product at once end in one line (issue 5).
    // Its leading column also serves every lookup by cart (no separate cart_id index to maintain).
    uniqueIndex("cart_items_one_line_per_product").on(t.cartId, t.productId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_items_prices_not_negative", sql`${t.unitPriceCents} >= 0 and ${t.totalPriceCents} >= 0`),
  ],
);

/**
 * The adds a cart has applied, by the key the browser made for each (decision 004): a replayed add
 * (its answer was lost, the offline queue sends it again) finds its key and changes nothing. The
 * key is scoped to its cart, so another cart's key is just a new add there; keys go with their cart.
 * `request_hash` and `response` (decision 017): the add the key was first sent with, and the answer
 * it got; a replay answers that answer, another request under the key is refused. Null for keys
 * from before them (such a replay answers from the cart as it is).
 */
export const cartAddKeys = pgTable(
  "cart_add_keys",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    requestHash: text("request_hash"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.key] })],
);

/**
 * Shipping prices by region (the CEP's first digit range) and method; the admin edits them later.
 * A CEP is in a row's region when its 8 digits lie between cep_from and cep_to.
 */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    region: text("region").notNull(),
    cepFrom: text("cep_from").notNull(),
    cepTo: text("cep_to").notNull(),
    method: text("method").notNull(),
    label: text("label").notNull(),
    priceCents: integer("price_cents").notNull(),
    deliveryDays: integer("delivery_days").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipping_rates_region_method").on(t.cepFrom, t.method),
    check("shipping_rates_cep_range", sql`${t.cepFrom} ~ '^[0-9]{8}$' and ${t.cepTo} ~ '^[0-9]{8}$' and ${t.cepFrom} <= ${t.cepTo}`),
    check("shipping_rates_price", sql`${t.priceCents} >= 0 and ${t.deliveryDays} > 0`),
  ],
);

export const productCategory = pgEnum("product_category", ["consultoria", "desidratados", "culturas", "spawn", "aprender"]);
export const productUnitType = pgEnum("product_unit_type", ["gram", "unit"]);

/**
 * The catalogue (spec §3 "Catalogue entry" plus what docs/requirements.md adds: unit, price, stock, lead time,
 * shipping). Seeded from app/features/catalog/catalog.ts; after that the admin edits it here.
 * Gram products (dried samples) follow the price table of spec §9 and have no unit price.
 */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey(),
    numericId: integer("numeric_id").notNull().unique(),
    slug: text("slug").notNull().unique(),
    category: productCategory("category").notNull(),
    /** Order on the home page: the spec's category order, then the order inside each category. */
    sortOrder: integer("sort_order").notNull(),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull(),
    description: text("description").notNull(),
    keyPoints: jsonb("key_points").$type<string[]>().notNull().default([]),
    details: jsonb("details").$type<ProductDetail[]>().notNull().default([]),
    badge: text("badge"),
    route: text("route").notNull(),
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** Gallery (built-in illustrations); the main image is resolved from product_catalog (spec §4). */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    buttonDisabled: boolean("button_disabled").notNull().default(false),
    unitType: productUnitType("unit_type").notNull(),
    priceCents: integer("price_cents"),
    /**
     * Gram products: the owner's totals for the spec's table quantities (decision 021); null prices
     * by the spec's table. Always null for unit products.
     */
    priceTable: jsonb("price_table").$type<PriceTablePoint[] | null>(),
    /** Null: no stock limit (made to order, services, digital items). */
    stock: integer("stock"),
    madeToOrder: boolean("made_to_order").notNull().default(false),
    leadTimeBusinessDays: integer("lead_time_business_days"),
    needsShipping: boolean("needs_shipping").notNull(),
    /**
     * Approved customer reviews (decision 029), kept beside the catalogue's seeded rating, which
     * stays the base: the page shows (average × count + stars) / (count + reviews). Recounted from
     * product_reviews in every moderation's transaction; never bumps `version`.
     */
    reviewCount: integer("review_count").notNull().default(0),
    reviewStarsSum: integer("review_stars_sum").notNull().default(0),
    /**
     * What a buyer is told once paid (decision 030): a course's or workshop's access, how a service
     * is booked. The owner edits it in /customizar-produto; null: nothing to tell.
     */
    accessInstructions: text("access_instructions"),
    /** Digital products: the file the buyer downloads (DATA_DIR/downloads/<name>); null for others. */
    downloadFile: text("download_file"),
    /** Raised by every admin edit: an edit made on an older version is refused (decision 021). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_sort_order").on(t.sortOrder),
    check("products_price_table_gram_only", sql`${t.priceTable} is null or ${t.unitType} = 'gram'`),
    // Gram products are priced by the table; every other product has a positive unit price.
    check(
      "products_price_by_unit",
      sql`(${t.unitType} = 'gram' and ${t.priceCents} is null) or (${t.unitType} = 'unit' and ${t.priceCents} is not null and ${t.priceCents} > 0)`,
    ),
    check("products_stock_not_negative", sql`${t.stock} is null or ${t.stock} >= 0`),
    check("products_rating", sql`${t.ratingAverage} between 0 and 5 and ${t.ratingCount} >= 0`),
    check("products_reviews", sql`${t.reviewCount} >= 0 and ${t.reviewStarsSum} >= 0`),
    check("products_lead_time", sql`${t.leadTimeBusinessDays} is null or ${t.leadTimeBusinessDays} > 0`),
  ],
);

/** Spec §3: the image the admin sets for a product (null: the built-in one). */
export const productCatalog = pgTable("product_catalog", {
  id: uuid("id").primaryKey(),
  image: text("image"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The admin's uploaded pictures of a product (issue 17 item 6), in gallery order: position 0 is the
 * main one, whose URL is also product_catalog.image (spec §4's database image). `hash` is the
 * content hash that names every file of the picture in the file storage (`products/<hash>-800.webp`…).
 */
export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    hash: text("hash").notNull(),
    /** The uploaded picture's own size (after its EXIF rotation), before the variants were cut. */
    originalWidth: integer("original_width").notNull(),
    originalHeight: integer("original_height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same picture twice in one gallery is a mistake; another product may use it too.
    uniqueIndex("product_images_product_hash").on(t.productId, t.hash),
    index("product_images_product_position").on(t.productId, t.position),
    index("product_images_hash").on(t.hash),
    check("product_images_position", sql`${t.position} >= 0`),
  ],
);

export const notificationType = pgEnum("notification_type", [
  "order_created",
  "order_status_changed",
  "payment_status_changed",
  "tracking_added",
  "rating_reminder",
  "admin_new_order",
]);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    type: notificationType("type").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    read: boolean("read").notNull().default(false),
    orderId: uuid("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_created").on(t.userId, t.createdAt.desc()),
    // The unread count reads only unread rows.
    index("notifications_user_unread")
      .on(t.userId, t.createdAt)
      .where(sql`read = false`),
  ],
);

/**
 * A customer's referral link (spec §3). `total_credits` is the sum of the customer's credit_entries,
 * kept here by every ledger write in its own transaction (decision 027): the row is the lock that
 * makes a spend see the balance it spends, and the check keeps it from going below zero.
 */
export const referralLinks = pgTable(
  "referral_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    code: text("code").notNull().unique(),
    totalCredits: integer("total_credits").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_links_one_per_user").on(t.userId), check("referral_links_credits", sql`${t.totalCredits} >= 0`)],
);

/**
 * How many browser error reports are kept. The endpoint is public, so the table is a ring of this
 * many slots rather than a log: a report holds at most ~14,500 characters, so 5,000 of them are
 * ~70 MB of ASCII text at worst (more if an attacker sends 4-byte characters, still bounded), while
 * "recent errors" for the maintenance panel rarely needs more (identical ones are only counted).
 * Lowering it later: the migration that alters the sequence must also delete the rows whose slot is
 * now out of range, or they would never be overwritten.
 */
export const CLIENT_ERRORS_KEPT = 5000;

/** The next slot of `client_errors`: 0 … CLIENT_ERRORS_KEPT - 1, then 0 again. */
export const clientErrorSlots = pgSequence("client_error_slots", {
  startWith: 0,
  minValue: 0,
  maxValue: CLIENT_ERRORS_KEPT - 1,
  cycle: true,
});

/**
 * What makes two reports "the same error": message and path (the length prefix keeps "/a" + "b/c"
 * apart from "/ab" + "/c"). md5 is a lookup key here, not a protection: the query compares message
 * and path as well.
 */
export const clientErrorFingerprint = (path: SQL | AnyColumn, message: SQL | AnyColumn) =>
  sql`md5(length(${path})::text || ':' || ${path} || ${message})`;

/**
 * Errors reported by browsers (global error screen), kept for the maintenance panel. A new report
 * takes the next slot of the ring, overwriting the report stored CLIENT_ERRORS_KEPT reports ago, so
 * the table cannot outgrow its bound whatever the traffic, without a lock or a clean-up job.
 */
export const clientErrors = pgTable(
  "client_errors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slot: integer("slot")
      .notNull()
      .unique()
      .default(sql`nextval('client_error_slots')`),
    message: text("message").notNull(),
    path: text("path").notNull(),
    stack: text("stack"),
    userAgent: text("user_agent"),
    /** When the first of these reports arrived; stack and user agent are that first report's. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Identical reports (message and path) arriving soon after the first are counted here. */
    occurrences: integer("occurrences").notNull().default(1),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    fingerprint: text("fingerprint")
      .notNull()
      .generatedAlwaysAs((): SQL => clientErrorFingerprint(sql`"path"`, sql`"message"`)),
  },
  (t) => [index("client_errors_fingerprint").on(t.fingerprint, t.createdAt)],
);

/*
 * Accounts (better-auth, decision 002). better-auth reads and writes these four tables through its
 * drizzle adapter, by the TypeScript keys below; the columns follow the shop's snake_case. Ids are
 * better-auth's random strings, which is why every `user_id` of the shop is text.
 */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Always lower case (better-auth lowers it on sign-up and sign-in). */
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** scrypt hash, for the "credential" provider (e-mail and password). */
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_id").on(t.userId)],
);

/** Password-reset tokens and other one-time values of better-auth. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier").on(t.identifier)],
);

/** Admin e-mails kept in the database (the maintenance panel edits them); ADMIN_EMAILS adds more. */
export const adminEmails = pgTable("admin_emails", {
  /** Lower case. */
  email: text("email").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters of the sign-in, sign-up and reset rate limits, shared by every instance.
 * The key says what is counted (an address, an account, or both); see server/auth/rate-limit.ts.
 */
export const authRateLimits = pgTable(
  "auth_rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("auth_rate_limits_window_ends_at").on(t.windowEndsAt)],
);

/** A customer's saved delivery addresses (the checkout fills and reuses them). */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name").notNull(),
    phone: text("phone").notNull(),
    /** 8 digits, no dash. */
    cep: text("cep").notNull(),
    street: text("street").notNull(),
    number: text("number").notNull(),
    complement: text("complement"),
    neighborhood: text("neighborhood").notNull(),
    city: text("city").notNull(),
    /** Two-letter UF. */
    state: text("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_id").on(t.userId, t.createdAt)],
);

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
    shippingDays: integer("shipping_days"),
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
 * Checkout attempts by idempotency key (per customer). `order_id` null: the attempt is running (a
 * concurrent duplicate gets 409); set: a retry replays that order. `request_hash`: what the key was
 * first sent with (null for keys from before it was kept); another request under it is refused.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id").notNull(),
    key: uuid("key").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    requestHash: text("request_hash"),
    /** Which attempt holds the key: each attempt removes only its own claim, never another's (decision 045). */
    claim: uuid("claim").notNull().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

/**
 * Weight bands added to the region's price of `shipping_rates` (the quote is region price + the
 * band's surcharge and extra days). A cart heavier than the largest band of a method cannot use it.
 */
export const shippingWeightBands = pgTable(
  "shipping_weight_bands",
  {
    method: text("method").notNull(),
    maxWeightGrams: integer("max_weight_grams").notNull(),
    surchargeCents: integer("surcharge_cents").notNull(),
    extraDays: integer("extra_days").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.method, t.maxWeightGrams] }),
    check("shipping_weight_bands_values", sql`${t.maxWeightGrams} > 0 and ${t.surchargeCents} >= 0 and ${t.extraDays} >= 0`),
  ],
);

/**
 * What a consent is about (LGPD art. 8): the age declaration and the terms (the age gate), and each
 * optional cookie purpose (the cookie preference dialog). Necessary cookies need no consent.
 */
/** `marketing_email`: the account's choice about reminder and offer e-mails (issue 19 item 5), not a cookie purpose. */
export const consentPurpose = pgEnum("consent_purpose", ["age", "terms", "analytics", "marketing", "marketing_email"]);

/**
 * Every consent given or withdrawn, kept on the server as the proof LGPD art. 8 §2 asks of the shop:
 * which purpose, granted or not, under which version of the text, when, and by whom (the account
 * when signed in, and the browser's own random id). Rows are only added, never changed.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: consentPurpose("purpose").notNull(),
    granted: boolean("granted").notNull(),
    version: text("version").notNull(),
    userId: text("user_id"),
    browserId: uuid("browser_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_events_user").on(t.userId, t.createdAt),
    index("consent_events_browser").on(t.browserId, t.createdAt),
    check("consent_events_someone", sql`${t.userId} is not null or ${t.browserId} is not null`),
  ],
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

/**
 * Every change an admin makes (issue 17 item 8): who, when, what, and the entity's state before and
 * after, as the admin saw it. Kept when the admin's account goes (actor_user_id set null); the
 * actor's e-mail at the time stays in actor_email so the log still says who.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** What was done, a stable code: "order.confirm_payment", "product.update", … */
    action: text("action").notNull(),
    /** What it was done to: "order", "product", "shipping_rate", "admin", … */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_entity").on(t.entityType, t.entityId, t.createdAt), index("audit_log_created").on(t.createdAt)],
);

/**
 * The customer's CPF, saved by their first order with one (issue 20, decision 033) and shown masked
 * on the next checkout. A table of its own, not a column of `users`: better-auth reads that row
 * into every session, and the CPF has no business in a session's answer.
 */
export const savedCpfs = pgTable(
  "saved_cpfs",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Eleven digits, check digits valid (checked by the checkout's schema before it gets here). */
    cpf: text("cpf").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("saved_cpfs_digits", sql`${t.cpf} ~ '^[0-9]{11}$'`)],
);

/**
 * Who signed up through whose link (decision 027): one referrer per account, never oneself.
 * `rewarded_at`: when the referred customer's first paid order earned the referrer's credit.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerUserId: text("referrer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredUserId: text("referred_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referrals_referrer").on(t.referrerUserId, t.createdAt),
    check("referrals_not_self", sql`${t.referrerUserId} <> ${t.referredUserId}`),
  ],
);

export const creditEntryKind = pgEnum("credit_entry_kind", ["referral_reward", "order_payment", "order_return"]);

/**
 * The credit ledger (docs/requirements.md "Referrals"): rows are only added. A reward per referral, a payment
 * and its return per order, at most once each (the unique indexes), whatever retries or races.
 */
export const creditEntries = pgTable(
  "credit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: creditEntryKind("kind").notNull(),
    /** Signed: rewards and returns add, payments subtract. */
    amountCents: integer("amount_cents").notNull(),
    referralId: uuid("referral_id").references(() => referrals.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_entries_user").on(t.userId, t.createdAt),
    uniqueIndex("credit_entries_one_reward")
      .on(t.referralId)
      .where(sql`kind = 'referral_reward'`),
    uniqueIndex("credit_entries_once_per_order")
      .on(t.kind, t.orderId)
      .where(sql`order_id is not null`),
    check("credit_entries_amount", sql`${t.amountCents} <> 0`),
  ],
);

export const couponKind = pgEnum("coupon_kind", ["percent", "fixed", "free_shipping"]);

/**
 * The admin's coupons (decision 028). `uses` counts the redemptions of live orders; the coupon's row
 * is locked by each redemption, so the limits hold under any number of parallel checkouts, and the
 * check is the last guard.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case, as customers type it in any case. */
    code: text("code").notNull().unique(),
    kind: couponKind("kind").notNull(),
    /** percent: 1–100; fixed: cents off the products; free_shipping: null. */
    value: integer("value"),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    active: boolean("active").notNull().default(true),
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "coupons_value",
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free_shipping' and ${t.value} is null)`,
    ),
    check("coupons_uses", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check(
      "coupons_limits",
      sql`${t.minSubtotalCents} >= 0 and (${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0)`,
    ),
    check("coupons_dates", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/** One coupon used by one order; `released_at` set when the order was cancelled, expired or refunded. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    discountCents: integer("discount_cents").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coupon_redemptions_coupon_user").on(t.couponId, t.userId)],
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

/** A review waits for the admin (pending), is shown (approved) or is kept off the page (hidden). */
export const reviewStatus = pgEnum("review_status", ["pending", "approved", "hidden"]);

/**
 * A customer's rating of one delivered item (issue 19 item 2, decision 029): 1 to 5 stars and an
 * optional comment, once per order line (the unique key), from the order's buyer only ("compra
 * verificada"). The author's name is copied when written (first name and initial), so the page
 * never reads the accounts table; deleting the account deletes its reviews.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    stars: integer("stars").notNull(),
    comment: text("comment"),
    status: reviewStatus("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("product_reviews_one_per_item").on(t.orderId, t.productId),
    // The product page: its approved reviews, newest first.
    index("product_reviews_product_approved")
      .on(t.productId, t.createdAt.desc())
      .where(sql`status = 'approved'`),
    index("product_reviews_status_created").on(t.status, t.createdAt),
    index("product_reviews_user").on(t.userId),
    check("product_reviews_stars", sql`${t.stars} between 1 and 5`),
    check("product_reviews_comment", sql`${t.comment} is null or char_length(${t.comment}) <= 1000`),
  ],
);

/**
 * Maintenance mode (issue 18, decision 024): at most one row (`id` is always true). No row means
 * off. Every instance reads it through a per-process copy a few seconds old at most.
 */
export const maintenanceMode = pgTable(
  "maintenance_mode",
  {
    id: boolean("id").primaryKey().default(true),
    enabled: boolean("enabled").notNull().default(false),
    /** What visitors read on the maintenance page (the default text when empty). */
    message: text("message").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("maintenance_mode_one_row", sql`${t.id}`)],
);

/**
 * The server's own failures (answers of 500 and above, maintenance excepted), for the maintenance
 * panel (decision 025): one row per method, route template, status and error code, counted, with
 * the request id of the latest so its log lines can be found. No path values, query, body or
 * account: nothing personal. Bounded by the routes and codes that exist.
 */
export const serverErrors = pgTable(
  "server_errors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    method: text("method").notNull(),
    route: text("route").notNull(),
    status: integer("status").notNull(),
    code: text("code").notNull(),
    occurrences: integer("occurrences").notNull().default(1),
    lastRequestId: text("last_request_id").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("server_errors_group").on(t.method, t.route, t.status, t.code), index("server_errors_last_seen").on(t.lastSeenAt)],
);

/** Where an e-mail stands (issue 18 item 3): waiting or being tried again, accepted by SMTP, or failed for good. */
export const emailStatus = pgEnum("email_status", ["queued", "sent", "failed"]);

/**
 * Every e-mail the shop queues, for the maintenance panel (decision 026): the job queue deletes a
 * job once it is sent, so this log says what went out. Written in the same statement as the job
 * (mail-queue.ts), updated by the worker after each try. Account deletion deletes the rows to the
 * customer and scrubs the others (LGPD, decision 018).
 */
export const emailLog = pgTable(
  "email_log",
  {
    id: uuid("id").primaryKey(),
    /** graphile-worker's job of the current try (a resend queues a new one). */
    jobId: text("job_id"),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: emailStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** The SMTP server's answer (or the connection error) of the last failed try. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_log_created").on(t.createdAt), index("email_log_status").on(t.status, t.createdAt)],
);

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
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_provider_charge").on(t.provider, t.providerChargeId),
    uniqueIndex("payments_provider_txid").on(t.provider, t.txid),
    uniqueIndex("payments_e2e_id").on(t.e2eId),
    uniqueIndex("payments_order_attempt").on(t.orderId, t.attempt),
    // The poller's work list.
    index("payments_open")
      .on(t.updatedAt)
      .where(sql`status in ('pending', 'refund_pending')`),
    check("payments_money", sql`${t.amountCents} > 0 and (${t.paidCents} is null or ${t.paidCents} >= 0)`),
  ],
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
