import { data } from "react-router";
import { searchProducts } from "#domain/search/product-search.server.ts";
import { productCardOf, searchInputSchema } from "#domain/search/search-schemas.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "#domain/search/search-rules.ts";
import { SearchPage, type SearchPageData } from "#app/features/search/search-page.tsx";
import { getAppContext, islandForDocument } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/busca";

/**
 * Result pages stay out of search engines (decision 032): thin, endless variations of the same
 * cards. `follow`, so the products they link to are still found; /busca is not in the sitemap.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.query ? `Busca: ${loaderData.query}` : "Buscar produtos", matches) },
  { name: "robots", content: "noindex, follow" },
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const loader = withDomainErrors(async ({ url, request, context }: Route.LoaderArgs) => {
  // As a document, an island without React Router's runtime (decision 035).
  const island = islandForDocument(request, getAppContext(context).islands.content);
  const raw = { q: url.searchParams.get("q") ?? undefined, categoria: url.searchParams.get("categoria") ?? undefined };
  const parsed = searchInputSchema.safeParse(raw);
  if (!parsed.success) {
    const problem = `${capitalise(parsed.error.issues[0]?.message ?? "busca inválida")}.`;
    const refused: SearchPageData = {
      query: (raw.q ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH),
      category: null,
      products: [],
      problem,
    };
    return data({ ...refused, view: "search" as const, island }, { status: 400 });
  }
  const { services } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  const products = await searchProducts(services.db, parsed.data.q, parsed.data.categoria, origin);
  const page: SearchPageData = {
    query: parsed.data.q,
    category: parsed.data.categoria ?? null,
    products: products.map(productCardOf),
    problem: null,
  };
  return data({ ...page, view: "search" as const, island });
});

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage {...loaderData} />;
}
