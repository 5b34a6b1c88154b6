CREATE TYPE "public"."consent_purpose" AS ENUM('age', 'terms', 'analytics', 'marketing');--> statement-breakpoint
CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" "consent_purpose" NOT NULL,
	"granted" boolean NOT NULL,
	"version" text NOT NULL,
	"user_id" text,
	"browser_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_events_someone" CHECK ("consent_events"."user_id" is not null or "consent_events"."browser_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount" CHECK ("order_refunds"."amount_cents" > 0 and "order_refunds"."shipping_cents" >= 0 and "order_refunds"."shipping_cents" <= "order_refunds"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user" ON "consent_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_events_browser" ON "consent_events" USING btree ("browser_id","created_at");