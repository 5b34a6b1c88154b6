ALTER TABLE "cart_add_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "cart_add_keys" ADD COLUMN "response" jsonb;