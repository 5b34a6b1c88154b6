CREATE TABLE "shipping_quote_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"options" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_service_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_service_name" text;--> statement-breakpoint
CREATE INDEX "shipping_quote_cache_expires_at" ON "shipping_quote_cache" USING btree ("expires_at");