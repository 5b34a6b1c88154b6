// What the product page's reviews section (./product-reviews.tsx) shares with the route that reads
// its page and with the island's stand-in that keeps its server HTML (./product-reviews-kept.tsx).

/** The query parameter of the reviews' page (`?avaliacoes=N`, decision 029). */
export const REVIEWS_PAGE_PARAM = "avaliacoes";
/** The section's id: the paging links land on it. */
export const REVIEWS_ID = "avaliacoes";
export const REVIEWS_SECTION_CLASS = "scroll-mt-24 space-y-6";
