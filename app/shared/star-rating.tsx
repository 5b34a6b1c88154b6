import { useId } from "react";
import type { Ratings } from "#domain/catalog/catalog-types.ts";

const decimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat("pt-BR");

/** Five five-pointed stars side by side, 24 units apart (one path: cheap to render fifteen times on the home page). */
const FIVE_STARS =
  "M12.0 1.0L14.8 8.6L22.9 8.9L16.6 14.0L18.8 21.8L12.0 17.3L5.2 21.8L7.4 14.0L1.1 8.9L9.2 8.6Z" +
  "M36.0 1.0L38.8 8.6L46.9 8.9L40.6 14.0L42.8 21.8L36.0 17.3L29.2 21.8L31.4 14.0L25.1 8.9L33.2 8.6Z" +
  "M60.0 1.0L62.8 8.6L70.9 8.9L64.6 14.0L66.8 21.8L60.0 17.3L53.2 21.8L55.4 14.0L49.1 8.9L57.2 8.6Z" +
  "M84.0 1.0L86.8 8.6L94.9 8.9L88.6 14.0L90.8 21.8L84.0 17.3L77.2 21.8L79.4 14.0L73.1 8.9L81.2 8.6Z" +
  "M108.0 1.0L110.8 8.6L118.9 8.9L112.6 14.0L114.8 21.8L108.0 17.3L101.2 21.8L103.4 14.0L97.1 8.9L105.2 8.6Z";

export function describeRatings({ average, count }: Ratings): string {
  return `Avaliação ${decimal.format(average)} de 5, ${integer.format(count)} ${count === 1 ? "avaliação" : "avaliações"}`;
}

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

/** Five stars filled to the average, then the average and the number of ratings (spec §3 ratings). */
export function StarRating({ ratings, size = "sm" }: { ratings: Ratings; size?: "sm" | "md" }) {
  return (
    <p className={`flex items-center gap-1.5 ${size === "md" ? "text-base" : "text-sm"}`}>
      <Stars value={ratings.average} label={describeRatings(ratings)} size={size} />
      <span aria-hidden="true" className="font-semibold text-stone-900">
        {decimal.format(ratings.average)}
      </span>
      <span aria-hidden="true" className="text-stone-600">
        ({integer.format(ratings.count)})
      </span>
    </p>
  );
}
