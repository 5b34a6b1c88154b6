import type { ProductRatings } from "#domain/catalog/catalog-types.ts";
import { starRatingClass } from "#app/shared/star-rating-box.ts";
import { KEEP_SERVER_HTML } from "#app/islands/kept-html.ts";

/**
 * What an island page runs in place of ./star-rating.tsx (vite.config.ts's ISLAND_STAND_INS,
 * decision 086): a product's stars, average and counts are drawn once by the server and never
 * change on the page (the island pages render no card nor rating the server did not), so the box
 * keeps the server's HTML and the islands' shared file loses the code that drew it. Under React
 * Router the real component renders.
 */
export function StarRating({ size = "sm" }: { ratings: ProductRatings; size?: "sm" | "md"; compact?: boolean }) {
  return <div className={starRatingClass(size)} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
}
