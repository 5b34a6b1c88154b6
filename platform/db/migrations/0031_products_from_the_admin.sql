CREATE TYPE "public"."product_visibility" AS ENUM('listed', 'hidden', 'retired');--> statement-breakpoint
CREATE TABLE "product_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "visibility" "product_visibility" DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_downloads_product" ON "product_downloads" USING btree ("product_id","downloaded_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unlisted_not_sold" CHECK ("products"."visibility" = 'listed' or "products"."button_disabled");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size" CHECK (("products"."weight_grams" is null or "products"."weight_grams" > 0) and ("products"."length_cm" is null or "products"."length_cm" > 0) and ("products"."width_cm" is null or "products"."width_cm" > 0) and ("products"."height_cm" is null or "products"."height_cm" > 0));