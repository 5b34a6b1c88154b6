CREATE TYPE "public"."order_status_reason" AS ENUM('order_placed', 'paid_by_provider', 'paid_confirmed_by_admin', 'pix_expired', 'pix_renewed', 'paid_after_expiry', 'late_payment_refunded', 'cancelled_by_shop', 'withdrawal_before_shipping', 'return_requested', 'return_accepted', 'return_reply', 'refunded_by_admin', 'refund_recorded', 'preparation_started', 'shipped', 'tracking_corrected', 'delivered', 'moved_by_admin');--> statement-breakpoint
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
);
