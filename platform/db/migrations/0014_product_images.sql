CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"original_width" integer NOT NULL,
	"original_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_position" CHECK ("product_images"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_product_hash" ON "product_images" USING btree ("product_id","hash");--> statement-breakpoint
CREATE INDEX "product_images_product_position" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_images_hash" ON "product_images" USING btree ("hash");