CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"region" text NOT NULL,
	"cep_from" text NOT NULL,
	"cep_to" text NOT NULL,
	"method" text NOT NULL,
	"label" text NOT NULL,
	"price_cents" integer NOT NULL,
	"delivery_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_cep_range" CHECK ("shipping_rates"."cep_from" ~ '^[0-9]{8}$' and "shipping_rates"."cep_to" ~ '^[0-9]{8}$' and "shipping_rates"."cep_from" <= "shipping_rates"."cep_to"),
	CONSTRAINT "shipping_rates_price" CHECK ("shipping_rates"."price_cents" >= 0 and "shipping_rates"."delivery_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_price_cents" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_cep" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_region_method" ON "shipping_rates" USING btree ("cep_from","method");--> statement-breakpoint
-- Legacy lines (spec §3): packaging_fee / packaging_fee_amount (reais per sachet) become metadata.packaging.
UPDATE "cart_items" SET "metadata" = ("metadata" - 'packaging_fee' - 'packaging_fee_amount') || jsonb_build_object('packaging', jsonb_build_object(
	'enabled', CASE jsonb_typeof("metadata"->'packaging_fee') WHEN 'boolean' THEN ("metadata"->>'packaging_fee')::boolean WHEN 'number' THEN ("metadata"->>'packaging_fee')::numeric > 0 ELSE false END,
	'fee_amount', CASE WHEN jsonb_typeof("metadata"->'packaging_fee_amount') = 'number' THEN round(("metadata"->>'packaging_fee_amount')::numeric * 100)::int ELSE 100 END,
	'sachet_count', CASE WHEN "unit_type" = 'gram' THEN ceil("quantity" / 2.0)::int ELSE 0 END))
WHERE "metadata" ? 'packaging_fee' OR "metadata" ? 'packaging_fee_amount';--> statement-breakpoint
-- One line per product from now on: earlier duplicates are summed into the oldest line.
UPDATE "cart_items" AS keep SET "quantity" = sums.total FROM (
	SELECT "cart_id", "product_id", min("id"::text)::uuid AS first_id, sum("quantity") AS total FROM "cart_items" GROUP BY "cart_id", "product_id" HAVING count(*) > 1
) AS sums WHERE keep."id" = sums.first_id;--> statement-breakpoint
DELETE FROM "cart_items" AS dup USING "cart_items" AS other
WHERE dup."cart_id" = other."cart_id" AND dup."product_id" = other."product_id" AND dup."id"::text > other."id"::text;--> statement-breakpoint
DELETE FROM "cart_items" WHERE "quantity" <= 0;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_line_per_product" ON "cart_items" USING btree ("cart_id","product_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_prices_not_negative" CHECK ("cart_items"."unit_price_cents" >= 0 and "cart_items"."total_price_cents" >= 0);--> statement-breakpoint
-- Starting shipping table by region (first CEP digits, Correios' ranges); the admin edits it later.
INSERT INTO "shipping_rates" ("region", "cep_from", "cep_to", "method", "label", "price_cents", "delivery_days") VALUES
	('SP', '01000000', '19999999', 'pac', 'PAC', 1890, 5), ('SP', '01000000', '19999999', 'sedex', 'SEDEX', 2990, 2),
	('RJ e ES', '20000000', '29999999', 'pac', 'PAC', 2290, 6), ('RJ e ES', '20000000', '29999999', 'sedex', 'SEDEX', 3590, 3),
	('MG', '30000000', '39999999', 'pac', 'PAC', 2290, 6), ('MG', '30000000', '39999999', 'sedex', 'SEDEX', 3590, 3),
	('BA e SE', '40000000', '49999999', 'pac', 'PAC', 2890, 9), ('BA e SE', '40000000', '49999999', 'sedex', 'SEDEX', 4990, 4),
	('PE, AL, PB e RN', '50000000', '59999999', 'pac', 'PAC', 3190, 10), ('PE, AL, PB e RN', '50000000', '59999999', 'sedex', 'SEDEX', 5490, 5),
	('Norte e CE, PI, MA', '60000000', '69999999', 'pac', 'PAC', 3590, 12), ('Norte e CE, PI, MA', '60000000', '69999999', 'sedex', 'SEDEX', 6490, 6),
	('Centro-Oeste e TO, RO', '70000000', '79999999', 'pac', 'PAC', 2890, 8), ('Centro-Oeste e TO, RO', '70000000', '79999999', 'sedex', 'SEDEX', 4790, 4),
	('PR e SC', '80000000', '89999999', 'pac', 'PAC', 2490, 6), ('PR e SC', '80000000', '89999999', 'sedex', 'SEDEX', 3890, 3),
	('RS', '90000000', '99999999', 'pac', 'PAC', 2690, 7), ('RS', '90000000', '99999999', 'sedex', 'SEDEX', 4190, 3);
