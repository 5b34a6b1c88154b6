import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "#platform/db/tables/catalog.ts";
import { orders } from "#platform/db/tables/orders.ts";

/*
 * Invoices (issue 30 item 3): each order's NF-e (goods) and NFS-e Nacional (services, courses) issued
 * through Focus NFe, their history, and each product's tax data. Owned by domain/invoices/ (decision
 * 048): only its files import this one; every other module goes through its functions.
 */

/** NF-e (model 55) for goods that travel; NFS-e Nacional for services, courses and other lines that do not. */
export const invoiceKind = pgEnum("invoice_kind", ["nfe", "nfse"]);

/**
 * A note's life (domain/invoices/invoice-moves.ts writes it, nothing else):
 * requested (ours, not yet accepted by Focus) → processing (Focus answered 202) → authorized | refused
 * (erro_autorizacao, or our own check before sending) | denied (denegado, final) → cancelled;
 * dropped: the order ended before any note existed.
 */
export const invoiceStatus = pgEnum("invoice_status", [
  "requested",
  "processing",
  "authorized",
  "refused",
  "denied",
  "cancelled",
  "dropped",
]);

/** What the owner must do about an authorized note that could not be cancelled automatically. */
export const invoiceAttention = pgEnum("invoice_attention", ["cancel_window_passed", "cancel_refused", "partial_refund"]);

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: invoiceKind("kind").notNull(),
    /**
     * Focus NFe's `ref`: the order's uuid without dashes plus the kind, so every retry of the same note
     * reaches the same document at Focus (reused only after erro_autorizacao, never after authorization).
     */
    ref: text("ref").notNull().unique(),
    status: invoiceStatus("status").notNull().default("requested"),
    /** 1 for the first sending; "Emitir de novo" after a refusal adds one (same ref). */
    attempt: integer("attempt").notNull().default(1),
    /** The 44-digit access key (NF-e, without Focus' "NFe" prefix); the NFS-e's access key when given. */
    accessKey: text("access_key"),
    number: text("number"),
    series: text("series"),
    /** The DANFE (NF-e) or DANFSe (NFS-e) the customer opens: a full URL (Focus' paths prefixed with its host). */
    documentUrl: text("document_url"),
    xmlUrl: text("xml_url"),
    /** SEFAZ's (or the municipality's) last answer, as Focus relays it. */
    sefazStatus: text("sefaz_status"),
    sefazMessage: text("sefaz_message"),
    /** A refusal's Portuguese explanation for the owner and the field to fix (invoice-refusals.ts). */
    refusalMessage: text("refusal_message"),
    refusalField: text("refusal_field"),
    attention: invoiceAttention("attention"),
    authorizedAt: timestamp("authorized_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One note of each kind per order, however often the paid order's job runs.
    uniqueIndex("invoices_one_per_order_kind").on(t.orderId, t.kind),
    // The poller's and the owner's work lists.
    index("invoices_status").on(t.status, t.updatedAt),
    check("invoices_key_digits", sql`${t.accessKey} is null or ${t.accessKey} ~ '^[0-9]{44}$' or ${t.kind} = 'nfse'`),
  ],
);

/** Every change of a note's state, with the typed state, when, and what Focus or SEFAZ said. */
export const invoiceHistory = pgTable(
  "invoice_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    fromStatus: invoiceStatus("from_status"),
    toStatus: invoiceStatus("to_status").notNull(),
    detail: text("detail"),
    actorUserId: text("actor_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invoice_history_invoice").on(t.invoiceId, t.createdAt)],
);

/**
 * A product's tax data for the NF-e, set by the owner in the product editor from the accountant's
 * answer. No placeholders: a product without a row (or without NCM) cannot be invoiced, and the note
 * says so to the owner instead of going to SEFAZ with a guess.
 */
export const productTax = pgTable(
  "product_tax",
  {
    productId: uuid("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Nomenclatura Comum do Mercosul: 8 digits (goods). */
    ncm: text("ncm"),
    /** Código Fiscal de Operações: 4 digits, e.g. 5102 inside the state; 6102 is derived for other states. */
    cfop: text("cfop"),
    /** ICMS origin 0–8 (0: national). */
    origin: integer("origin").notNull().default(0),
    /** CSOSN (Simples Nacional, 3 digits) or CST (regime normal, 2 digits) of ICMS. */
    icmsCode: text("icms_code"),
    /** Services and courses: the NFS-e Nacional's código de tributação nacional (6 digits, LC 116). */
    serviceCode: text("service_code"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "product_tax_codes",
      sql`(${t.ncm} is null or ${t.ncm} ~ '^[0-9]{8}$') and (${t.cfop} is null or ${t.cfop} ~ '^[0-9]{4}$') and ${t.origin} between 0 and 8 and (${t.icmsCode} is null or ${t.icmsCode} ~ '^[0-9]{2,3}$') and (${t.serviceCode} is null or ${t.serviceCode} ~ '^[0-9]{6}$')`,
    ),
  ],
);
