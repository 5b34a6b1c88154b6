import { useId } from "react";
import type { ProductRatings, Ratings } from "#domain/catalog/catalog-types.ts";
import { starRatingClass } from "#app/shared/star-rating-box.ts";

const decimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat("pt-BR");

/** Five five-pointed stars side by side, 24 units apart (one path: cheap to render fifteen times on the home page). */
const FIVE_STARS =
  "M12.0 1.0L14.8 8.6L22.9 8.9L16.6 14.0L18.8 21.8L12.0 17.3L5.2 21.8L7.4 14.0L1.1 8.9L9.2 8.6Z" +
  "M36.0 1.0L38.8 8.6L46.9 8.9L40.6 14.0L42.8 21.8L36.0 17.3L29.2 21.8L31.4 14.0L25.1 8.9L33.2 8.6Z" +
  "M60.0 1.0L62.8 8.6L70.9 8.9L64.6 14.0L66.8 21.8L60.0 17.3L53.2 21.8L55.4 14.0L49.1 8.9L57.2 8.6Z" +
  "M84.0 1.0L86.8 8.6L94.9 8.9L88.6 14.0L90.8 21.8L84.0 17.3L77.2 21.8L79.4 14.0L73.1 8.9L81.2 8.6Z" +
  "M108.0 1.0L110.8 8.6L118.9 8.9L112.6 14.0L114.8 21.8L108.0 17.3L101.2 21.8L103.4 14.0L97.1 8.9L105.2 8.6Z";

/** Five stars filled to `value` (0 to 5), read by screen readers as `label`. */
export function Stars({ value, label, size = "sm" }: { value: number; label: string; size?: "sm" | "md" }) {
  const clipId = useId();
  const filled = Math.max(0, Math.min(5, value)) * 24;
  return (
    <svg role="img" aria-label={label} viewBox="0 0 120 24" className={size === "md" ? "h-5 w-25" : "h-4 w-20"}>
      <clipPath id={clipId}>
        <rect width={filled} height="24" />
      </clipPath>
      <path d={FIVE_STARS} className="fill-stone-300" />
      <path d={FIVE_STARS} className="fill-amber-500" clipPath={`url(#${clipId})`} />
    </svg>
  );
}

/** One customer's rating: "4 de 5 estrelas". */
export const starsLabel = (stars: number) => `${stars} de 5 estrelas`;

const verifiedCount = (count: number) => `${integer.format(count)} ${count === 1 ? "avaliação verificada" : "avaliações verificadas"}`;

/** The screen reader's sentence for the verified reviews: "Avaliação 4,0 de 5, 1 avaliação verificada". */
export function describeVerified({ average, count }: Ratings): string {
  return count === 0 ? "Nenhuma avaliação verificada ainda" : `Avaliação ${decimal.format(average)} de 5, ${verifiedCount(count)}`;
}

/** The previous shop's figures, named for what they are (decision 057). */
export function describeImported({ average, count }: Ratings): string {
  return `Avaliação da loja anterior: ${decimal.format(average)} de 5, ${integer.format(count)} ${count === 1 ? "avaliação" : "avaliações"}`;
}

/**
 * A product's ratings (decision 057): the verified reviews' stars, average and count, and apart
 * from them, smaller and labelled "da loja anterior", the imported figures when the owner shows
 * them. Never one number made of both. `compact` (a product card, one line): the verified reviews
 * when there are any, else the previous shop's figures, still labelled as theirs.
 */
export function StarRating({ ratings, size = "sm", compact = false }: { ratings: ProductRatings; size?: "sm" | "md"; compact?: boolean }) {
  const { verified, imported } = ratings;
  const showImported = imported !== null && (!compact || verified.count === 0);
  const showVerified = !compact || verified.count > 0 || !showImported;
  return (
    <div className={starRatingClass(size)}>
      {!showVerified ? null : verified.count > 0 ? (
        <p className="flex items-center gap-1.5" data-rating="verified">
          <Stars value={verified.average} label={describeVerified(verified)} size={size} />
          <span aria-hidden="true" className="font-semibold text-stone-900">
            {decimal.format(verified.average)}
          </span>
          <span aria-hidden="true" className="text-stone-600">
            ({verifiedCount(verified.count)})
          </span>
        </p>
      ) : (
        <p className="text-stone-600" data-rating="verified">
          Sem avaliações verificadas
        </p>
      )}
      {showImported && imported ? (
        <p className="flex items-center gap-1.5 text-xs text-stone-600" data-rating="imported">
          <Stars value={imported.average} label={describeImported(imported)} size="sm" />
          <span aria-hidden="true">
            {decimal.format(imported.average)} ({integer.format(imported.count)}) da loja anterior
          </span>
        </p>
      ) : null}
    </div>
  );
}
