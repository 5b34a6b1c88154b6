/**
 * A product's ratings as the pages and the JSON-LD show them (issue 28 item 5, decision 057): the
 * shop's own verified reviews, counted and averaged alone, and apart from them the figures imported
 * from the previous shop (the catalogue's seed, spec §3's 4.9 and 731), never summed with them and
 * left out when the owner hides them. Browser-safe.
 */
import type { ProductRatings, Ratings } from "#domain/catalog/catalog-types.ts";

/** What a product row holds: the imported figures, whether the owner shows them, the approved reviews. */
export type RatingFacts = {
  imported: Ratings;
  importedShown: boolean;
  /** Approved reviews: how many and the sum of their stars (decision 029). */
  reviews: { count: number; starsSum: number };
};

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

export function productRatings({ imported, importedShown, reviews }: RatingFacts): ProductRatings {
  return {
    verified: { average: reviews.count === 0 ? 0 : twoDecimals(reviews.starsSum / reviews.count), count: reviews.count },
    imported: importedShown && imported.count > 0 ? { average: imported.average, count: imported.count } : null,
  };
}

/**
 * How much a product has been rated, to order the best sellers: both counts, since this is an order
 * and never a figure on screen (the screens keep them apart).
 */
export const ratingsVolume = (ratings: ProductRatings) => ratings.verified.count + (ratings.imported?.count ?? 0);
