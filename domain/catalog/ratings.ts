/**
 * A product's rating as the pages and the JSON-LD show it (decision 029): the catalogue's seeded
 * rating (spec §3's 4.9 and 731) stays the base, and each approved review joins it as one more
 * rating. Browser-safe.
 */
import type { Ratings } from "#domain/catalog/catalog-types.ts";

/** The base and the approved reviews (their count and the sum of their stars), as one average of two decimals. */
export function combinedRatings(base: Ratings, reviews: { count: number; starsSum: number }): Ratings {
  const count = base.count + reviews.count;
  if (count === 0) return { average: 0, count: 0 };
  const average = (base.average * base.count + reviews.starsSum) / count;
  return { average: Math.round(average * 100) / 100, count };
}
