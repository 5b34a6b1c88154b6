ALTER TYPE "public"."consent_purpose" ADD VALUE 'marketing_email';--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "abandonment_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_reminded_for" timestamp with time zone;