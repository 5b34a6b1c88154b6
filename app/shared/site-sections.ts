import type { CategoryId } from "#domain/catalog/catalog-types.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { SEARCH_PATH } from "#domain/search/search-rules.ts";

/** The owner's content pages, linked from the header's menu (and, on wide screens, from its bar). */
export const CONTENT_SECTIONS = [
  { to: "/cursos", label: "Cursos" },
  { to: "/guia-cultivo", label: "Guia de cultivo" },
  { to: "/referencias", label: "Referências" },
] as const;

/** A category's own listing: the search page filtered to it (decision 032). */
export const categoryHref = (id: CategoryId) => `${SEARCH_PATH}?categoria=${id}`;

export const CATEGORY_LINKS = CATEGORIES.map((category) => ({ id: category.id, to: categoryHref(category.id), label: category.title }));
