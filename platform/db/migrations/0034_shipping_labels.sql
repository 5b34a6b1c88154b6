CREATE TYPE "public"."label_status" AS ENUM('started', 'in_progress', 'ready', 'used', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."label_step" AS ENUM('cart', 'checkout', 'generate', 'print', 'done');--> statement-breakpoint
CREATE TABLE "label_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label_id" uuid NOT NULL,
	"from_status" "label_status",
	"to_status" "label_status" NOT NULL,
	"step" "label_step" NOT NULL,
	"provider_status" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_webhook_events" (
	"shipment_id" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_webhook_events_shipment_id_event_pk" PRIMARY KEY("shipment_id","event")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "label_status" DEFAULT 'started' NOT NULL,
	"step" "label_step" DEFAULT 'cart' NOT NULL,
	"shipment_id" text,
	"protocol" text,
	"service_id" integer NOT NULL,
	"price_cents" integer,
	"non_commercial" boolean NOT NULL,
	"invoice_key" text,
	"provider_status" text,
	"tracking_code" text,
	"print_url" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"refund_note" text,
	"polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_shipment_id_unique" UNIQUE("shipment_id"),
	CONSTRAINT "labels_price" CHECK ("labels"."price_cents" is null or "labels"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "label_history" ADD CONSTRAINT "label_history_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_history_label" ON "label_history" USING btree ("label_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_one_live_per_order" ON "labels" USING btree ("order_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "labels_to_poll" ON "labels" USING btree ("polled_at") WHERE status in ('ready', 'used') and coalesce(provider_status, '') not in ('delivered', 'undelivered', 'canceled');