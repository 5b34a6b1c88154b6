ALTER TABLE "audit_log" ADD COLUMN "entity_label" text;--> statement-breakpoint
-- The entries written before this column get the name a person uses for their entity, so the log
-- reads "Pedido #10001" and "Cupom BEMVINDO" for old entries too, never a UUID.
UPDATE "audit_log" AS a SET "entity_label" = o."number"::text FROM "orders" AS o WHERE a."entity_type" = 'order' AND a."entity_id" = o."id"::text;--> statement-breakpoint
UPDATE "audit_log" AS a SET "entity_label" = p."name" FROM "products" AS p WHERE a."entity_type" = 'product' AND a."entity_id" = p."id"::text;--> statement-breakpoint
UPDATE "audit_log" AS a SET "entity_label" = c."code" FROM "coupons" AS c WHERE a."entity_type" = 'coupon' AND a."entity_id" = c."id"::text;--> statement-breakpoint
UPDATE "audit_log" AS a SET "entity_label" = p."name" FROM "product_reviews" AS r JOIN "products" AS p ON p."id" = r."product_id" WHERE a."entity_type" = 'review' AND a."entity_id" = r."id"::text;
