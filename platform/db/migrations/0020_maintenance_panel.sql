CREATE TABLE "maintenance_mode" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_mode_one_row" CHECK ("maintenance_mode"."id")
);
--> statement-breakpoint
CREATE TABLE "server_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"code" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"last_request_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "server_errors_group" ON "server_errors" USING btree ("method","route","status","code");--> statement-breakpoint
CREATE INDEX "server_errors_last_seen" ON "server_errors" USING btree ("last_seen_at");