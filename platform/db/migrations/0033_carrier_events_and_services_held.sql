CREATE TYPE "public"."carrier_event_status" AS ENUM('posted', 'in_transit', 'out_for_delivery', 'delivered', 'undelivered', 'returned');--> statement-breakpoint
ALTER TYPE "public"."order_status_reason" ADD VALUE 'in_transit';--> statement-breakpoint
ALTER TYPE "public"."order_status_reason" ADD VALUE 'out_for_delivery';--> statement-breakpoint
ALTER TYPE "public"."order_status_reason" ADD VALUE 'delivery_failed';--> statement-breakpoint
ALTER TYPE "public"."order_status_reason" ADD VALUE 'returned_to_sender';--> statement-breakpoint
ALTER TYPE "public"."order_status_reason" ADD VALUE 'parcel_delivered';--> statement-breakpoint
ALTER TYPE "public"."order_status_reason" ADD VALUE 'service_held';--> statement-breakpoint
CREATE TABLE "order_carrier_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"status" "carrier_event_status" NOT NULL,
	"tracking_code" text,
	"tracking_url" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"moved" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "order_carrier_events" ADD CONSTRAINT "order_carrier_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_carrier_events_once" ON "order_carrier_events" USING btree ("source","event_id");--> statement-breakpoint
CREATE INDEX "order_carrier_events_order" ON "order_carrier_events" USING btree ("order_id","occurred_at");