ALTER TABLE "orders" ADD COLUMN "production_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "imported_rating_shown" boolean DEFAULT true NOT NULL;