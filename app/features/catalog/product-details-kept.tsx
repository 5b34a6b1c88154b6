import type { ProductDetail } from "#domain/catalog/catalog-types.ts";
import { DETAILS_CLASS, KEY_POINTS_CLASS } from "#app/features/catalog/product-details-box.ts";
import { KEEP_SERVER_HTML } from "#app/islands/kept-html.ts";

/**
 * What the product island runs in place of ./product-details.tsx (vite.config.ts's ISLAND_STAND_INS,
 * decision 086): the highlights and details are text and icons the server drew, which never change
 * on the page, so they keep the server's HTML and the island loses their code and icons. Under
 * React Router the real components render.
 */
export function KeyPoints({ points }: { points: string[] }) {
  if (points.length === 0) return null;
  return <ul className={KEY_POINTS_CLASS} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
}

export function ProductDetails(_props: { details: ProductDetail[] }) {
  return <div className={DETAILS_CLASS} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
}
