CREATE TYPE "public"."order_status" AS ENUM('pending_payment', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" uuid NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_slug" text NOT NULL,
	"unit_type" "product_unit_type" NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_price_cents" integer NOT NULL,
	"packaging_enabled" boolean DEFAULT false NOT NULL,
	"packaging_fee_cents" integer DEFAULT 0 NOT NULL,
	"sachet_count" integer,
	"final_total_cents" integer NOT NULL,
	"needs_shipping" boolean NOT NULL,
	"stock_reserved" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_items_money" CHECK ("order_items"."quantity" > 0 and "order_items"."total_price_cents" >= 0 and "order_items"."final_total_cents" = "order_items"."total_price_cents" + "order_items"."packaging_fee_cents")
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"note" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"user_id" text,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"cart_id" uuid,
	"status" "order_status" DEFAULT 'pending_payment' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"packaging_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"shipping_method" text,
	"shipping_days" integer,
	"shipping_address" jsonb,
	"payment_provider" text DEFAULT 'static_pix' NOT NULL,
	"pix_txid" text NOT NULL,
	"pix_code" text NOT NULL,
	"pix_expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"tracking_code" text,
	"delivered_at" timestamp with time zone,
	"rating_reminder_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_pix_txid_unique" UNIQUE("pix_txid"),
	CONSTRAINT "orders_money" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."packaging_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."total_cents" > 0 and "orders"."total_cents" = "orders"."subtotal_cents" + "orders"."packaging_cents" + "orders"."shipping_cents" - "orders"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "shipping_weight_bands" (
	"method" text NOT NULL,
	"max_weight_grams" integer NOT NULL,
	"surcharge_cents" integer NOT NULL,
	"extra_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipping_weight_bands_method_max_weight_grams_pk" PRIMARY KEY("method","max_weight_grams"),
	CONSTRAINT "shipping_weight_bands_values" CHECK ("shipping_weight_bands"."max_weight_grams" > 0 and "shipping_weight_bands"."surcharge_cents" >= 0 and "shipping_weight_bands"."extra_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_id" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_pending_expiry" ON "orders" USING btree ("pix_expires_at") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_rating_reminder" ON "orders" USING btree ("rating_reminder_at") WHERE rating_reminder_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_cart" ON "orders" USING btree ("cart_id") WHERE status <> 'cancelled' and cart_id is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_unread" ON "notifications" USING btree ("user_id","created_at") WHERE read = false;--> statement-breakpoint
-- Starting weight bands (decision 005): added to the region's price of shipping_rates; the admin edits them later.
INSERT INTO "shipping_weight_bands" ("method", "max_weight_grams", "surcharge_cents", "extra_days") VALUES
	('pac', 1000, 0, 0), ('pac', 3000, 800, 1), ('pac', 10000, 2200, 2), ('pac', 30000, 5500, 3),
	('sedex', 1000, 0, 0), ('sedex', 3000, 1400, 0), ('sedex', 10000, 3900, 1), ('sedex', 30000, 9500, 1);
