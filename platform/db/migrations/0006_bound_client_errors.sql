-- Written by hand: keep only the 5,000 newest reports, so the slots given to the rows left (below,
-- by the column default, in the table's physical order, which for this append-only table is the
-- order they arrived in) are all different and the ring starts full at most.
DELETE FROM "client_errors" WHERE "id" NOT IN (SELECT "id" FROM "client_errors" ORDER BY "created_at" DESC, "id" DESC LIMIT 5000);--> statement-breakpoint
CREATE SEQUENCE "public"."client_error_slots" INCREMENT BY 1 MINVALUE 0 MAXVALUE 4999 START WITH 0 CACHE 1 CYCLE;--> statement-breakpoint
ALTER TABLE "client_errors" ADD COLUMN "slot" integer DEFAULT nextval('client_error_slots') NOT NULL;--> statement-breakpoint
ALTER TABLE "client_errors" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_errors" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Written by hand: reports stored before counting was seen once, when they arrived.
UPDATE "client_errors" SET "last_seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "client_errors" ADD COLUMN "fingerprint" text GENERATED ALWAYS AS (md5(length("path")::text || ':' || "path" || "message")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "client_errors_fingerprint" ON "client_errors" USING btree ("fingerprint","created_at");--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_slot_unique" UNIQUE("slot");