import { listProducts } from "~/features/catalog/catalog.server";
import { ProductCard } from "~/features/catalog/product-card";
import { contentMeta } from "~/features/content/content-meta";
import { ContentPage } from "~/features/content/content-page";
import { contentPage } from "~/features/content/content-pages.server";
import { getAppContext } from "~/lib/app-context.server";
import type { Route } from "./+types/cursos";

const PATH = "/cursos";

export const meta: Route.MetaFunction = ({ loaderData }) => contentMeta(loaderData?.page, loaderData?.origin, PATH);

/** The owner's text (content/cursos.md) and the educational items of the catalogue. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getAppContext(context);
  const origin = new URL(services.config.PUBLIC_URL).origin;
  const products = (await listProducts(services.db, origin)).filter((product) => product.category === "aprender");
  return { page: contentPage("cursos"), origin, products };
}

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
