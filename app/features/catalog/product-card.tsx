import { Link } from "react-router";
import { formatBRL } from "#domain/pricing/money.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import type { ProductSummary } from "#domain/catalog/catalog-types.ts";
import { ProductImage } from "#app/shared/product-image.tsx";
import { StarRating } from "#app/shared/star-rating.tsx";

export type ProductCardData = Pick<
  ProductSummary,
  "id" | "name" | "subtitle" | "badge" | "route" | "ratings" | "image" | "startingPriceCents" | "purchasable" | "unitType"
>;

/** Width the card image is drawn at on the widest layout (three columns of a 72rem page). */
const CARD_IMAGE_WIDTH = 360;
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";
/** The home's cards: two columns on a phone (so products and prices fit its first screen), four on a desktop. */
const COMPACT_IMAGE_WIDTH = 270;
export const COMPACT_CARD_IMAGE_SIZES = "(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw";

/**
 * Spec §2 home card: image, name, subtitle, badge, stars, "a partir de" price, disabled state.
 * `compact`: the same content in a half-width column of a phone (the home, issue 20).
 */
export function ProductCard({
  product,
  loading = "lazy",
  compact = false,
}: {
  product: ProductCardData;
  loading?: "priority" | "eager" | "lazy";
  compact?: boolean;
}) {
  const disabled = !product.purchasable;
  return (
    <article
      data-disabled={disabled || undefined}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <ProductImage
        src={product.image}
        name={product.name}
        id={product.id}
        alt=""
        sizes={compact ? COMPACT_CARD_IMAGE_SIZES : CARD_IMAGE_SIZES}
        width={compact ? COMPACT_IMAGE_WIDTH : CARD_IMAGE_WIDTH}
        priority={loading === "priority"}
        eager={loading === "eager"}
        className={disabled ? "opacity-60 grayscale" : ""}
      />
      <div className={`flex flex-1 flex-col ${compact ? "gap-1.5 p-3" : "gap-2 p-4"}`}>
        {product.badge ? (
          <p
            className={`self-start rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              disabled ? "bg-stone-200 text-stone-800" : "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200"
            }`}
          >
            {product.badge}
          </p>
        ) : null}
        <h3 className={`${compact ? "text-base" : "text-lg"} leading-snug font-bold text-stone-950`}>
          {/* The whole card is the link's click area; the name alone is its accessible name. */}
          <Link to={product.route} prefetch="intent" className={`rounded after:absolute after:inset-0 ${focusRing}`}>
            {product.name}
          </Link>
        </h3>
        <p className={`text-sm text-stone-700 ${compact ? "line-clamp-2" : ""}`}>{product.subtitle}</p>
        <StarRating ratings={product.ratings} compact />
        <p className={`mt-auto text-stone-900 ${compact ? "pt-1" : "pt-2"}`}>
          <span className="text-sm text-stone-600">a partir de </span>
          <span className={`${compact ? "text-lg" : "text-xl"} font-bold whitespace-nowrap`}>{formatBRL(product.startingPriceCents)}</span>
          {product.unitType === "gram" ? <span className="text-sm text-stone-600"> (2 g)</span> : null}
        </p>
        {disabled ? <p className="text-sm font-semibold text-stone-700">Indisponível para compra</p> : null}
      </div>
    </article>
  );
}
