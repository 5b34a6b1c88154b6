DROP INDEX "payments_order_attempt";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last_four" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installments" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "chargeback_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "chargeback_deadline" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_card_attempt" ON "payments" USING btree ("order_id","attempt_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_attempt" ON "payments" USING btree ("order_id","attempt") WHERE method = 'pix';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunds_within_paid" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents");