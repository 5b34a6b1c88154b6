import type { ProductPageData } from "#domain/catalog/catalog-types.ts";
import { PRODUCT_TEXTS_CLASS } from "#app/features/catalog/product-details-box.ts";
import { KEEP_SERVER_HTML } from "#app/islands/kept-html.ts";

/**
 * What the product island runs in place of ./product-texts.tsx (vite.config.ts's ISLAND_STAND_INS,
 * decision 086): the description, highlights, details and notice are text the server drew and
 * never change on the page, so they keep the server's HTML and the island loses their code. Under
 * React Router the real component renders.
 */
export function ProductTexts(_props: { product: ProductPageData }) {
  return <div className={PRODUCT_TEXTS_CLASS} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
}
