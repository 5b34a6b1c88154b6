CREATE TYPE "public"."product_category" AS ENUM('consultoria', 'desidratados', 'culturas', 'spawn', 'aprender');--> statement-breakpoint
CREATE TYPE "public"."product_unit_type" AS ENUM('gram', 'unit');--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"numeric_id" integer NOT NULL,
	"slug" text NOT NULL,
	"category" "product_category" NOT NULL,
	"sort_order" integer NOT NULL,
	"name" text NOT NULL,
	"subtitle" text NOT NULL,
	"description" text NOT NULL,
	"key_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"badge" text,
	"route" text NOT NULL,
	"rating_average" numeric(3, 2) DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"button_disabled" boolean DEFAULT false NOT NULL,
	"unit_type" "product_unit_type" NOT NULL,
	"price_cents" integer,
	"stock" integer,
	"made_to_order" boolean DEFAULT false NOT NULL,
	"lead_time_business_days" integer,
	"needs_shipping" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_numeric_id_unique" UNIQUE("numeric_id"),
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_price_by_unit" CHECK (("products"."unit_type" = 'gram' and "products"."price_cents" is null) or ("products"."unit_type" = 'unit' and "products"."price_cents" is not null and "products"."price_cents" > 0)),
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" is null or "products"."stock" >= 0),
	CONSTRAINT "products_rating" CHECK ("products"."rating_average" between 0 and 5 and "products"."rating_count" >= 0),
	CONSTRAINT "products_lead_time" CHECK ("products"."lead_time_business_days" is null or "products"."lead_time_business_days" > 0)
);
--> statement-breakpoint
CREATE INDEX "products_sort_order" ON "products" USING btree ("sort_order");