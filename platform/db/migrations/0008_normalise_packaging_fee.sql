-- Issue 15: one packaging rule (PRODUCT.md "Pricing"). A cart line keeps only its packaging choice;
-- the fee is the shop's one amount per 2 g sachet, charged from 50 g, so the cart and the charged
-- order cannot differ. Lines written before carry a fee of their own: legacy keys `packaging_fee`
-- (on/off, or an amount) and `packaging_fee_amount` (reais per sachet), or a `packaging.fee_amount`
-- other than the shop's. Each becomes `packaging {enabled, fee_amount, sachet_count}` with the
-- shop's fee (100 cents: DEFAULT_PACKAGING_FEE_CENTS in domain/pricing/gram-pricing.ts), the choice
-- read as cart-rules.ts's normalizePackaging reads it. Placed orders keep what they were charged.
UPDATE "cart_items" AS "item"
SET "metadata" = "normal"."metadata"
FROM (
	SELECT
		"line"."id",
		("line"."metadata" - 'packaging_fee' - 'packaging_fee_amount') || jsonb_build_object('packaging', jsonb_build_object(
			'enabled', coalesce(
				"line"."unit_type" = 'gram' AND "line"."quantity" >= 50 AND CASE
					WHEN jsonb_typeof("line"."metadata" -> 'packaging') = 'object' THEN ("line"."metadata" -> 'packaging' -> 'enabled') = 'true'::jsonb
					WHEN jsonb_typeof("line"."metadata" -> 'packaging_fee') = 'number' THEN ("line"."metadata" ->> 'packaging_fee')::numeric > 0
					ELSE ("line"."metadata" -> 'packaging_fee') = 'true'::jsonb
				END,
				false),
			'fee_amount', 100,
			'sachet_count', CASE WHEN "line"."unit_type" = 'gram' THEN ceil("line"."quantity" / 2.0)::int ELSE 0 END)) AS "metadata"
	FROM (
		-- The product's unit as it is now, as the cart prices the line (the line's own when the product is gone).
		SELECT "i"."id", "i"."quantity", CASE WHEN jsonb_typeof("i"."metadata") = 'object' THEN "i"."metadata" ELSE '{}'::jsonb END AS "metadata", coalesce("p"."unit_type"::text, "i"."unit_type") AS "unit_type"
		FROM "cart_items" AS "i"
		LEFT JOIN "products" AS "p" ON "p"."id" = "i"."product_id"
	) AS "line"
) AS "normal"
WHERE "normal"."id" = "item"."id" AND "item"."metadata" IS DISTINCT FROM "normal"."metadata";
