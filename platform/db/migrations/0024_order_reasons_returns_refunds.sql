-- A new order status: the type is made again rather than extended, so that this same migration can
-- use the new value (PostgreSQL refuses a value added by ALTER TYPE before its transaction commits).
ALTER TYPE "public"."order_status" RENAME TO "order_status_before_0024";--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending_payment', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled', 'refunded', 'partially_refunded');--> statement-breakpoint
DROP INDEX "orders_pending_expiry";--> statement-breakpoint
DROP INDEX "orders_one_live_per_cart";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" TYPE "public"."order_status" USING "status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending_payment';--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "from_status" TYPE "public"."order_status" USING "from_status"::text::"public"."order_status";--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "to_status" TYPE "public"."order_status" USING "to_status"::text::"public"."order_status";--> statement-breakpoint
DROP TYPE "public"."order_status_before_0024";--> statement-breakpoint
CREATE INDEX "orders_pending_expiry" ON "orders" USING btree ("pix_expires_at") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_cart" ON "orders" USING btree ("cart_id") WHERE status <> 'cancelled' and cart_id is not null;--> statement-breakpoint
CREATE TYPE "public"."order_status_reason" AS ENUM('order_placed', 'paid_by_provider', 'paid_confirmed_by_admin', 'pix_expired', 'pix_renewed', 'paid_after_expiry', 'late_payment_refunded', 'cancelled_by_shop', 'withdrawal_before_shipping', 'return_requested', 'return_accepted', 'return_reply', 'return_refused', 'refunded_by_admin', 'partially_refunded_by_admin', 'refund_recorded', 'refund_paid', 'preparation_started', 'shipped', 'tracking_corrected', 'delivered', 'moved_by_admin');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('owed', 'paid');--> statement-breakpoint
CREATE TYPE "public"."return_kind" AS ENUM('before_shipping', 'after_shipping');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'approved', 'received', 'refused');--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "return_kind" NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"reason" text,
	"items" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "order_returns_amount" CHECK ("order_returns"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "status" "refund_status" DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "paid_by" text;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_status" ON "order_returns" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" "order_status_reason";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_reason" "order_status_reason";--> statement-breakpoint
-- Today's notes become reasons; what a person typed after the fixed words stays as the note.
UPDATE "order_status_history" SET "reason" = 'order_placed', "note" = NULL WHERE "from_status" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'pix_expired', "note" = NULL WHERE "reason" IS NULL AND "note" = 'Pix expirado';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'pix_renewed', "note" = NULL WHERE "reason" IS NULL AND "note" = 'Novo Pix gerado pelo cliente';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'paid_after_expiry', "note" = NULL WHERE "reason" IS NULL AND "note" LIKE 'Pix pago depois do prazo%';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'paid_by_provider', "note" = substring("note" from '^Pagamento Pix confirmado pelo provedor \((.*)\)$') WHERE "reason" IS NULL AND "note" LIKE 'Pagamento Pix confirmado pelo provedor (%';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'paid_confirmed_by_admin', "note" = NULL WHERE "reason" IS NULL AND "note" IN ('Pagamento Pix confirmado', 'Pagamento confirmado');--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'withdrawal_before_shipping', "note" = substring("note" from '^Desistência da compra pelo cliente, antes do envio\. Motivo: (.*)$') WHERE "reason" IS NULL AND "note" LIKE 'Desistência da compra pelo cliente, antes do envio%';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'return_requested', "note" = substring("note" from '^Devolução solicitada pelo cliente\. Motivo: (.*)$') WHERE "reason" IS NULL AND "note" LIKE 'Devolução solicitada pelo cliente%';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'return_accepted', "note" = NULL WHERE "reason" IS NULL AND "note" LIKE 'Devolução aceita pela loja%';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'return_reply', "note" = substr("note", length('Resposta da loja: ') + 1) WHERE "reason" IS NULL AND "note" LIKE 'Resposta da loja: %';--> statement-breakpoint
UPDATE "order_status_history" h SET
  "reason" = CASE WHEN h."from_status" = h."to_status" THEN 'refund_recorded'::"order_status_reason" ELSE 'refunded_by_admin'::"order_status_reason" END,
  "amount_cents" = (SELECT r."amount_cents" FROM "order_refunds" r WHERE r."order_id" = h."order_id"),
  "note" = substring(h."note" from '^Reembolso registrado: R\$.[0-9.]+,[0-9]{2}\. (.*)$')
  WHERE h."reason" IS NULL AND h."note" LIKE 'Reembolso registrado: %';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'shipped', "note" = substr("note", length('Rastreio ') + 1) WHERE "reason" IS NULL AND "to_status" = 'shipped' AND "note" LIKE 'Rastreio %';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'cancelled_by_shop', "note" = NULLIF("note", 'Cancelado pela loja') WHERE "reason" IS NULL AND "to_status" = 'cancelled';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'paid_confirmed_by_admin' WHERE "reason" IS NULL AND "to_status" = 'paid';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'refunded_by_admin' WHERE "reason" IS NULL AND "to_status" = 'refunded';--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'preparation_started' WHERE "reason" IS NULL AND "to_status" = 'preparing' AND "note" IS NULL;--> statement-breakpoint
UPDATE "order_status_history" SET "reason" = 'moved_by_admin' WHERE "reason" IS NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "reason" SET NOT NULL;--> statement-breakpoint
-- The reason of the move into each order's current status, from its last such entry.
UPDATE "orders" o SET "status_reason" = (
  SELECT h."reason" FROM "order_status_history" h
  WHERE h."order_id" = o."id" AND h."to_status" = o."status" AND h."from_status" IS DISTINCT FROM h."to_status"
  ORDER BY h."created_at" DESC, h."id" DESC LIMIT 1
);--> statement-breakpoint
-- A partial refund no longer reads as a whole one: the order and its history entry say "partially".
UPDATE "order_status_history" h SET "reason" = 'partially_refunded_by_admin', "to_status" = 'partially_refunded'
  FROM "orders" o WHERE o."id" = h."order_id" AND h."reason" = 'refunded_by_admin' AND h."amount_cents" < o."total_cents";--> statement-breakpoint
UPDATE "orders" o SET "status" = 'partially_refunded', "status_reason" = 'partially_refunded_by_admin'
  FROM "order_refunds" r WHERE r."order_id" = o."id" AND o."status" = 'refunded' AND r."amount_cents" < o."total_cents";--> statement-breakpoint
-- A withdrawal's refund was recorded, never confirmed sent: it goes to the owner's queue. An admin's refund was sent.
UPDATE "order_refunds" SET "status" = 'owed' WHERE "reason" = 'withdrawal';--> statement-breakpoint
UPDATE "order_refunds" SET "paid_at" = "created_at" WHERE "status" = 'paid';--> statement-breakpoint
-- Each withdrawal in the history becomes its row, with the order's lines and total.
INSERT INTO "order_returns" ("order_id", "kind", "status", "reason", "items", "amount_cents", "created_at", "updated_at")
SELECT w."order_id",
  CASE WHEN w."reason" = 'withdrawal_before_shipping' THEN 'before_shipping'::"return_kind" ELSE 'after_shipping'::"return_kind" END,
  CASE
    WHEN w."reason" = 'withdrawal_before_shipping' THEN 'approved'::"return_status"
    WHEN EXISTS (SELECT 1 FROM "order_refunds" r WHERE r."order_id" = w."order_id") THEN 'received'::"return_status"
    WHEN EXISTS (SELECT 1 FROM "order_status_history" a WHERE a."order_id" = w."order_id" AND a."reason" = 'return_accepted') THEN 'approved'::"return_status"
    ELSE 'requested'::"return_status"
  END,
  w."note",
  COALESCE((SELECT jsonb_agg(jsonb_build_object('productId', i."product_id", 'productName', i."product_name", 'quantity', i."quantity", 'totalCents', i."final_total_cents"))
    FROM "order_items" i WHERE i."order_id" = w."order_id"), '[]'::jsonb),
  o."total_cents", w."created_at", w."created_at"
FROM (
  SELECT DISTINCT ON (h."order_id") h."order_id", h."reason", h."note", h."created_at"
  FROM "order_status_history" h WHERE h."reason" IN ('withdrawal_before_shipping', 'return_requested')
  ORDER BY h."order_id", h."created_at"
) w JOIN "orders" o ON o."id" = w."order_id";
