import { ProductCard, type ProductCardData } from "#app/features/catalog/product-card.tsx";
import type { ContentDocument } from "#app/features/content/content-document.ts";
import { ContentPage } from "#app/features/content/content-page.tsx";

/** /cursos: the owner's text (content/cursos.md) and the educational items of the catalogue. */
export function CoursesPage({ page, products }: { page: ContentDocument; products: readonly ProductCardData[] }) {
  return (
    <ContentPage page={page}>
      <section aria-labelledby="materiais" className="mt-10">
        <h2 id="materiais" className="text-2xl font-bold text-stone-950">
          Materiais disponíveis
        </h2>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2">
          {products.map((product, index) => (
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
