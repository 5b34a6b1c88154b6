import { listProducts } from "#domain/catalog/catalog.server.ts";
import { ProductCard } from "#app/features/catalog/product-card.tsx";
import { contentMeta } from "#app/features/content/content-meta.ts";
import { ContentPage } from "#app/features/content/content-page.tsx";
import { contentPage } from "#app/features/content/content-pages.server.ts";
import { getAppContext } from "#app/lib/app-context.server.ts";
import { withDomainErrors } from "#app/lib/domain-errors.server.ts";
import type { Route } from "./+types/cursos";

const PATH = "/cursos";

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData?.page, loaderData?.origin, PATH);

/** The owner's text (content/cursos.md) and the educational items of the catalogue. */
export const loader = withDomainErrors(async ({ context }: Route.LoaderArgs) => {
  const { services } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  const products = (await listProducts(services.db, origin)).filter((product) => product.category === "aprender");
  return { page: contentPage("cursos"), origin, products };
});

export default function Courses({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page}>
      <section aria-labelledby="materiais" className="mt-10">
        <h2 id="materiais" className="text-2xl font-bold text-stone-950">
          Materiais disponíveis
        </h2>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2">
          {loaderData.products.map((product, index) => (
            <li key={product.id}>
              {/* The first picture is the page's largest on a phone (Lighthouse's LCP): high priority. */}
              <ProductCard product={product} loading={index === 0 ? "priority" : index < 2 ? "eager" : "lazy"} />
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}
