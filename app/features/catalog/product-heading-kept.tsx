import type { ProductPageData } from "#domain/catalog/catalog-types.ts";
import { BREADCRUMB_CLASS, BREADCRUMB_LABEL } from "#app/features/catalog/product-details-box.ts";
import { KEEP_SERVER_HTML } from "#app/islands/kept-html.ts";

/**
 * What the product island runs in place of ./product-heading.tsx (vite.config.ts's ISLAND_STAND_INS,
 * decision 090): the breadcrumb and the product's name, subtitle and stars never change on the page,
 * so they keep the server's HTML in the same outer elements. Under React Router the real ones render.
 */
export function ProductBreadcrumb(_props: { product: ProductPageData }) {
  return (
    <nav aria-label={BREADCRUMB_LABEL} className={BREADCRUMB_CLASS} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
  );
}

export function ProductHeading(_props: { product: ProductPageData }) {
  return <header suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
}
