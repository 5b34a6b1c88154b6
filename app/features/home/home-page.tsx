import { ShieldCheck } from "lucide-react";
import type { CategoryId } from "#domain/catalog/catalog-types.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { COMPACT_CARD_IMAGE_SIZES, ProductCard, type ProductCardData } from "#app/features/catalog/product-card.tsx";
import { preloadProductImage } from "#app/shared/product-image.tsx";
import { HomeSearch } from "#app/features/home/home-search.tsx";
import { focusRing } from "#app/ui/button-styles.ts";

export type HomeProduct = ProductCardData & { category: CategoryId };
export type HomeData = { products: HomeProduct[]; bestSellerIds: number[] };

/** The id of a category's section on the home: the shortcuts' targets. */
export const categoryAnchor = (category: CategoryId) => `categoria-${category}`;

type Loading = "priority" | "eager" | "lazy";
/** The first screen's pictures load at once, the first of them with high priority; the rest as they scroll in. */
const firstScreen = (index: number): Loading => (index === 0 ? "priority" : "eager");
const belowTheFold = (): Loading => "lazy";

function CategoryShortcuts({ categories }: { categories: typeof CATEGORIES }) {
  return (
    <nav aria-label="Atalhos de categorias" className="-mx-4 overflow-x-auto px-4 pb-1">
      <ul className="flex gap-2">
        {categories.map((category) => (
          <li key={category.id} className="shrink-0">
            <a
              href={`#${categoryAnchor(category.id)}`}
              className={`inline-flex h-10 items-center rounded-full border border-emerald-200 bg-white px-4 text-sm font-semibold text-emerald-900 hover:bg-emerald-50 ${focusRing}`}
            >
              {category.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Cards two by two ("grid"), or, for a category on a phone, one row that scrolls sideways
 * ("row": two cards and the edge of a third in view), so fifteen products do not make one long
 * column; from 640 px up both are grids.
 */
function CardGrid({ products, loading, layout }: { products: HomeProduct[]; loading: (index: number) => Loading; layout: "grid" | "row" }) {
  const list =
    layout === "grid"
      ? "mt-3 grid grid-cols-2 gap-3"
      : "-mx-4 mt-3 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:overflow-visible sm:px-0 sm:pb-0";
  return (
    <ul className={`${list} sm:grid-cols-3 sm:gap-4 lg:grid-cols-4`}>
      {products.map((product, index) => (
        <li key={product.id} className={layout === "row" ? "w-[44%] shrink-0 snap-start sm:w-auto" : undefined}>
          <ProductCard product={product} compact loading={loading(index)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The home (issue 20, item 1): on a 390 px phone the first screen shows the search box, the
 * categories as shortcuts and the best sellers with their price and rating; then every category
 * with its cards, a row that scrolls sideways on a phone. The age and terms gate (spec §2, §4)
 * shows over it for a first visit, as over every storefront page (the shell's, decision 063).
 */
export function HomeView({ products, bestSellerIds }: HomeData) {
  const byId = new Map(products.map((product) => [product.id, product]));
  const best = bestSellerIds.flatMap((id) => byId.get(id) ?? []);
  const sections = CATEGORIES.map((category) => ({
    category,
    items: products.filter((product) => product.category === category.id),
  })).filter((section) => section.items.length > 0);
  // The first best seller's picture is the largest thing on a phone's first screen: ask for it early.
  const first = best[0] ?? sections[0]?.items[0];
  if (first) preloadProductImage(first.image, COMPACT_CARD_IMAGE_SIZES);

  return (
    <div className="mx-auto max-w-6xl px-4">
      <section aria-labelledby="inicio-titulo" className="space-y-3 pt-4 pb-2 sm:pt-8">
        <h1 id="inicio-titulo" className="text-2xl leading-tight font-bold text-stone-950 sm:text-4xl">
          Amostras, culturas e cursos para pesquisa
        </h1>
        <p className="flex items-start gap-2 text-sm text-stone-700">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-800" />
          <span>Venda exclusiva para maiores de 18 anos. Todos os produtos destinam-se somente a pesquisa, estudo e coleção.</span>
        </p>
        <HomeSearch />
        <CategoryShortcuts categories={sections.map((section) => section.category)} />
      </section>
      {best.length > 0 ? (
        <section aria-labelledby="mais-vendidos" className="pt-3">
          <h2 id="mais-vendidos" className="text-xl font-bold text-stone-950 sm:text-2xl">
            Mais vendidos
          </h2>
          <CardGrid products={best} loading={firstScreen} layout="grid" />
        </section>
      ) : null}
      <div className="space-y-10 py-10">
        {sections.map(({ category, items }, sectionIndex) => (
          <section
            key={category.id}
            id={categoryAnchor(category.id)}
            aria-labelledby={`${categoryAnchor(category.id)}-titulo`}
            className="scroll-mt-20"
          >
            <h2 id={`${categoryAnchor(category.id)}-titulo`} className="text-xl font-bold text-stone-950 sm:text-2xl">
              {category.title}
            </h2>
            <p className="mt-1 text-sm text-stone-700">{category.description}</p>
            <CardGrid products={items} loading={best.length === 0 && sectionIndex === 0 ? firstScreen : belowTheFold} layout="row" />
          </section>
        ))}
      </div>
    </div>
  );
}
