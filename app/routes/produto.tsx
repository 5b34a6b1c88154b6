import { data, redirect } from "react-router";
import { getProductPage } from "#domain/catalog/catalog.server.ts";
import { FIXED_PRODUCT_SLUGS, SLUG_ALIASES } from "#domain/catalog/product-slugs.ts";
import { ProductRouteView } from "#app/features/catalog/product-page.tsx";
import { productMeta } from "#app/features/catalog/product-seo.ts";
import { REVIEWS_PAGE_PARAM } from "#app/features/reviews/review-section.ts";
import { productReviewsSection } from "#domain/reviews/reviews.server.ts";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { cardPitchFor } from "#domain/payments/card-rule.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { RenderedPageHandle } from "#app/lib/rendered-pages.server.ts";
import { pageTitle, shopNameIn } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/produto";

/** A visitor's page is rendered once per (address, data) and kept (decision 035). */
export const handle: RenderedPageHandle = { cacheRenderedPage: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? productMeta(loaderData.product, loaderData.origin, shopNameIn(matches))
    : [{ title: pageTitle("Página não encontrada", matches) }];

/** Old slugs redirect (spec §2); the nine fixed slugs get the product page, any other product the generic one. */
export const loader = withDomainErrors(async ({ params, url, request, context }: Route.LoaderArgs) => {
  const canonical = SLUG_ALIASES.get(params.slug);
  // `url`, not `request.url`: on client navigations the request ends in `.data`.
  if (canonical) return redirect(`/produto/${canonical}${url.search}`, 301);
  const { services, islands } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  // The reviews' page (`?avaliacoes=N`, decision 029) is read beside the product, in parallel.
  const reviewsPage = Number(url.searchParams.get(REVIEWS_PAGE_PARAM)) || 1;
  const [page, reviews, cardPitch] = await Promise.all([
    getProductPage(services.db, params.slug, origin, FIXED_PRODUCT_SLUGS),
    productReviewsSection(services.db, params.slug, Number.isSafeInteger(reviewsPage) ? reviewsPage : 1),
    cardPitchFor(services),
  ]);
  if (!page) throw data(null, { status: 404 });
  // With cards on, the owner's "em até Nx sem juros" under the price (issue 32), from the admin's rule.
  const product = { ...page, reviews, cardPitch };
  // Loaded as a document, the page hydrates as an island, without React Router's runtime (root's
  // Layout, decision 009); reached by a client-side navigation (a `.data` request), it is an
  // ordinary route of the running router.
  const island = new URL(request.url).pathname.endsWith(".data") ? undefined : islands.product;
  return { product, origin, island };
});

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductRouteView product={loaderData.product} />;
}
