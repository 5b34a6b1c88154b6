import { REVIEWS_ID, REVIEWS_SECTION_CLASS } from "#app/features/reviews/review-section.ts";
import { KEEP_SERVER_HTML } from "#app/islands/kept-html.ts";

/**
 * What an island page (decision 009) runs in place of ./product-reviews.tsx (vite.config.ts's
 * ISLAND_STAND_INS, decision 041). The reviews have no script of their own (paging is plain
 * links), so the island keeps the section exactly as the server rendered it instead of loading the
 * code that drew it. React never rewrites an element's inner HTML when hydrating it (it only warns
 * in development, silenced here), nor later while `__html` stays the same: the section's content
 * is the server's for the page's life. Under React Router the real component renders.
 */
export function ProductReviews(_props: { ratings: unknown; section: unknown }) {
  return (
    <section
      id={REVIEWS_ID}
      aria-labelledby={`${REVIEWS_ID}-titulo`}
      className={REVIEWS_SECTION_CLASS}
      suppressHydrationWarning
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
    />
  );
}
