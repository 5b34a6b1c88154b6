CREATE TABLE "health_watch" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"level" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_watch_one_row" CHECK ("health_watch"."id")
);
--> statement-breakpoint
-- The owner's devices saved before these events existed chose among two (a paid order, a return):
-- they never said no to the new ones, and a new device starts with every event on, so each gets the
-- events it lacks (decision 082). Idempotent: an event already chosen is not repeated.
UPDATE "push_subscriptions" SET "events" = "events" || ARRAY(
	SELECT "event" FROM unnest(ARRAY['stock_low', 'email_failed', 'label_refused', 'invoice_refused', 'health_red']::text[]) AS "event"
	WHERE NOT "event" = ANY("events")
) WHERE "audience" = 'owner';
