CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" text NOT NULL,
	"session_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_connections" (
	"provider" text PRIMARY KEY NOT NULL,
	"method" text,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"account_name" text,
	"account_email" text,
	"connected_at" timestamp with time zone,
	"connected_by" text,
	"last_refresh_at" timestamp with time zone,
	"last_refresh_error" text,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_connections_provider" CHECK ("provider_connections"."provider" in ('melhorenvio', 'focusnfe')),
	CONSTRAINT "provider_connections_method" CHECK ("provider_connections"."method" is null or "provider_connections"."method" in ('oauth', 'token'))
);
--> statement-breakpoint
CREATE INDEX "oauth_states_expires" ON "oauth_states" USING btree ("expires_at");