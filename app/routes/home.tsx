import { bestSellers } from "#domain/catalog/best-sellers.ts";
import { listProducts } from "#domain/catalog/catalog.server.ts";
import { HomeView } from "#app/features/home/home-page.tsx";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { RenderedPageHandle } from "#app/lib/rendered-pages.server.ts";
import { shopNameIn } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/home";

/** A visitor's page is rendered once per (address, data) and kept (decision 035). */
export const handle: RenderedPageHandle = { cacheRenderedPage: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: `${shopNameIn(matches)} | Amostras e cultivo para pesquisa` },
  {
    name: "description",
    content:
      "Amostras desidratadas, culturas líquidas, spawn sob encomenda, consultoria e cursos para pesquisa, estudo e coleção. Somente maiores de 18 anos.",
  },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: `${loaderData.origin}/` }] : []),
];

export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const { services, islands } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  const products = await listProducts(services.db, origin);
  // Loaded as a document, the home hydrates as an island, without React Router's runtime
  // (decision 035); reached by a client-side navigation (a `.data` request), it is a router page.
  const island = new URL(request.url).pathname.endsWith(".data") ? undefined : islands.home;
  // Cards only: the long texts stay on the product pages.
  return {
    origin,
    island,
    bestSellerIds: bestSellers(products).map((product) => product.id),
    products: products.map(({ id, category, name, subtitle, badge, route, ratings, image, startingPriceCents, purchasable, unitType }) => ({
      id,
      category,
      name,
      subtitle,
      badge,
      route,
      ratings,
      image,
      startingPriceCents,
      purchasable,
      unitType,
    })),
  };
});

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView products={loaderData.products} bestSellerIds={loaderData.bestSellerIds} />;
}
