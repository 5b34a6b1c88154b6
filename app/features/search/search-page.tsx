import { Link } from "react-router";
import type { CategoryId } from "#domain/catalog/catalog-types.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { ProductCard, type ProductCardData } from "#app/features/catalog/product-card.tsx";
import { SearchForm } from "#app/features/search/search-form.tsx";
import { categoryHref } from "#app/shared/site-sections.ts";
import { focusRing } from "#app/ui/button-styles.ts";

export type SearchPageData = {
  query: string;
  category: CategoryId | null;
  products: ProductCardData[];
  /** Why the address was refused (too long, an unknown category), in Portuguese. */
  problem: string | null;
};

/** The first row of cards is on screen at once; the rest load as they scroll in. */
const EAGER_CARDS = 2;

const countText = (count: number) => (count === 1 ? "1 produto encontrado" : `${count} produtos encontrados`);

/** The categories as shortcuts: where an empty search or one without results leads. */
function CategoryShortcuts({ headingId, heading }: { headingId: string; heading: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-bold text-stone-950">
        {heading}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {CATEGORIES.map((category) => (
          <li key={category.id}>
            <Link
              to={categoryHref(category.id)}
              className={`block h-full rounded-xl border border-stone-200 bg-white p-4 hover:border-emerald-700 hover:bg-emerald-50 ${focusRing}`}
            >
              <span className="block font-semibold text-emerald-900">{category.title}</span>
              <span className="mt-1 block text-sm text-stone-700">{category.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /busca: the search field, then the results as the shop's product cards, or the empty state (no
 * query: the categories) or the no-result state (tips and the categories). The count is a polite
 * live region, so a screen reader hears it after each new search without focus moving.
 */
export function SearchPage({ query, category, products, problem }: SearchPageData) {
  const categoryInfo = category ? CATEGORIES.find((entry) => entry.id === category) : undefined;
  const listingCategory = categoryInfo && !query;
  const heading = query ? `Resultados para “${query}”` : listingCategory ? categoryInfo.title : "Buscar produtos";
  const searched = query !== "" || category !== null;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold break-words text-stone-950">{heading}</h1>
      {listingCategory ? <p className="mt-2 text-stone-700">{categoryInfo.description}</p> : null}
      {/* A key per query: a new search shows its own words in the field. */}
      <SearchForm
        key={query}
        label="Buscar produtos"
        defaultQuery={query}
        autoFocus={!searched && !problem}
        className="mt-5 flex max-w-xl"
      />
      {problem ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}

      <div role="status" className="mt-8">
        {searched && !problem ? (
          <h2 className="text-lg font-semibold text-stone-900">
            {products.length > 0 ? countText(products.length) : `Nenhum produto encontrado${query ? ` para “${query}”` : ""}`}
          </h2>
        ) : null}
      </div>

      {products.length > 0 ? (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} loading={index === 0 ? "priority" : index < EAGER_CARDS ? "eager" : "lazy"} />
            </li>
          ))}
        </ul>
      ) : searched && !problem ? (
        <>
          <p className="mt-2 text-stone-700">Confira a grafia, use menos palavras ou procure pelo nome da linhagem.</p>
          <CategoryShortcuts headingId="busca-categorias" heading="Veja as categorias" />
        </>
      ) : (
        <>
          {problem ? null : (
            <p className="text-stone-700">Procure pelo nome do produto, da linhagem ou por um assunto, como “seringa” ou “curso”.</p>
          )}
          <CategoryShortcuts headingId="busca-categorias" heading="Ou escolha uma categoria" />
        </>
      )}
    </section>
  );
}
