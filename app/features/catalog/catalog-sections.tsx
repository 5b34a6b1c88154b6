import type { CategoryId } from "#domain/catalog/catalog-types.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { CARD_IMAGE_SIZES, ProductCard, type ProductCardData } from "#app/features/catalog/product-card.tsx";
import { preloadProductImage } from "#app/features/catalog/product-image.tsx";

type Props = { products: Array<ProductCardData & { category: CategoryId }> };

/** The first row of cards is on screen at once; the rest load as they scroll in. */
const EAGER_CARDS = 3;

/** The home page's catalogue: the categories in the spec's order, each with its cards. */
export function CatalogSections({ products }: Props) {
  const sections = CATEGORIES.map((category) => ({
    category,
    items: products.filter((product) => product.category === category.id),
  })).filter((section) => section.items.length > 0);
  const ordered = sections.flatMap((section) => section.items);
  const position = new Map(ordered.map((product, index) => [product.id, index]));
  // The first card's picture is the largest thing on a phone's first screen: ask for it early.
  const first = ordered[0];
  if (first) preloadProductImage(first.image, CARD_IMAGE_SIZES);

  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
      {sections.map(({ category, items }) => {
        const headingId = `categoria-${category.id}`;
        return (
          <section key={category.id} aria-labelledby={headingId}>
            <h2 id={headingId} className="text-2xl font-bold text-stone-950">
              {category.title}
            </h2>
            <p className="mt-1 text-stone-700">{category.description}</p>
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((product) => {
                const index = position.get(product.id) ?? EAGER_CARDS;
                return (
                  <li key={product.id}>
                    <ProductCard product={product} loading={index === 0 ? "priority" : index < EAGER_CARDS ? "eager" : "lazy"} />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
