-- Decision 021: a sample may have its own price table (null: the spec's); every admin edit raises the version.
ALTER TABLE "products" ADD COLUMN "price_table" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_table_gram_only" CHECK ("products"."price_table" is null or "products"."unit_type" = 'gram');