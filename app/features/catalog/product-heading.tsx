import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";
import type { ProductPageData } from "#domain/catalog/catalog-types.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { StarRating } from "#app/shared/star-rating.tsx";
import { BREADCRUMB_CLASS, BREADCRUMB_LABEL } from "#app/features/catalog/product-details-box.ts";

/** Where the product sits in the shop. */
export function ProductBreadcrumb({ product }: { product: ProductPageData }) {
  const category = CATEGORIES.find((entry) => entry.id === product.category);
  return (
    <nav aria-label={BREADCRUMB_LABEL} className={BREADCRUMB_CLASS}>
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className={`rounded hover:text-emerald-800 hover:underline ${focusRing}`}>
            Início
          </Link>
        </li>
        {category ? (
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4" />
            {product.category === "aprender" ? (
              <Link to="/cursos" className={`rounded hover:text-emerald-800 hover:underline ${focusRing}`}>
                {category.title}
              </Link>
            ) : (
              <span>{category.title}</span>
            )}
          </li>
        ) : null}
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4" />
          <span aria-current="page" className="text-stone-900">
            {product.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/** The product's badge, name, subtitle and stars. */
export function ProductHeading({ product }: { product: ProductPageData }) {
  return (
    <header>
      {product.badge ? (
        <p className="mb-2 inline-block rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-200">
          {product.badge}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold text-stone-950 sm:text-4xl">{product.name}</h1>
      <p className="mt-2 text-lg text-stone-700">{product.subtitle}</p>
      <div className="mt-3">
        <StarRating ratings={product.ratings} size="md" />
      </div>
    </header>
  );
}
