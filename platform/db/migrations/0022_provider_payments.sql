CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"provider" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"provider_charge_id" text NOT NULL,
	"txid" text,
	"e2e_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_status" text,
	"amount_cents" integer NOT NULL,
	"paid_cents" integer,
	"problem" text,
	"raw" jsonb,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_money" CHECK ("payments"."amount_cents" > 0 and ("payments"."paid_cents" is null or "payments"."paid_cents" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_charge" ON "payments" USING btree ("provider","provider_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_txid" ON "payments" USING btree ("provider","txid");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_e2e_id" ON "payments" USING btree ("e2e_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_attempt" ON "payments" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE INDEX "payments_open" ON "payments" USING btree ("updated_at") WHERE status in ('pending', 'refund_pending');--> statement-breakpoint
-- Deferred: checkout records the charge before the order row it belongs to, in one transaction (decision 036).
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;
