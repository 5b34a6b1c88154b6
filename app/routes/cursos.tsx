import { listProducts } from "#domain/catalog/catalog.server.ts";
import { contentMeta } from "#app/features/content/content-meta.ts";
import { CoursesPage } from "#app/features/content/courses-page.tsx";
import { productCardOf } from "#domain/search/search-schemas.ts";
import { contentPage } from "#app/features/content/content-pages.server.ts";
import { getAppContext, islandForDocument } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { shopNameIn } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/cursos";

const PATH = "/cursos";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentMeta(loaderData?.page, loaderData?.origin, PATH, shopNameIn(matches));

/** The owner's text (content/cursos.md) and the educational items of the catalogue. */
export const loader = withDomainErrors(async ({ request, context }: Route.LoaderArgs) => {
  const { services, islands } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  const products = (await listProducts(services.db, origin)).filter((product) => product.category === "aprender");
  // As a document, an island without React Router's runtime (decision 035); cards only.
  const island = islandForDocument(request, islands.content);
  return { view: "courses" as const, island, page: contentPage("cursos"), origin, products: products.map(productCardOf) };
});

export default function Courses({ loaderData }: Route.ComponentProps) {
  return <CoursesPage page={loaderData.page} products={loaderData.products} />;
}
