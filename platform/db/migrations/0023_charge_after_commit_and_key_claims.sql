ALTER TABLE "orders" ALTER COLUMN "pix_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claim" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_charge_failed_at" timestamp with time zone;