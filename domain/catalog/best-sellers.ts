import type { ProductSummary } from "#domain/catalog/catalog-types.ts";
import { ratingsVolume } from "#domain/catalog/ratings.ts";

/** How many best sellers the home shows: two rows of two on a 390 px phone, one row of four on a desktop. */
export const BEST_SELLER_COUNT = 4;

/**
 * The home's "Mais vendidos" (issue 20, item 1): the products a shopper can buy now, most rated
 * first (the catalogue's ratings count, spec §3, is the popularity the shop shows on every card),
 * then the catalogue's order. Unavailable products are left out: a best seller one cannot buy
 * wastes the first screen.
 */
export function bestSellers<T extends Pick<ProductSummary, "id" | "purchasable" | "ratings">>(
  products: readonly T[],
  count = BEST_SELLER_COUNT,
): T[] {
  return products
    .map((product, order) => ({ product, order }))
    .filter(({ product }) => product.purchasable)
    .sort((a, b) => ratingsVolume(b.product.ratings) - ratingsVolume(a.product.ratings) || a.order - b.order)
    .slice(0, count)
    .map(({ product }) => product);
}
