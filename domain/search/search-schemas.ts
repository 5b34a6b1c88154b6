/** The product search's input and answer (GET /api/search, the /busca page), browser-safe. */
import { z } from "zod";
import { productRatingsSchema } from "#domain/catalog/ratings-schema.ts";
import { CATEGORY_IDS } from "#domain/catalog/product-slugs.ts";
import type { CategoryId } from "#domain/catalog/catalog-types.ts";

import { SEARCH_QUERY_MAX_LENGTH } from "#domain/search/search-rules.ts";

const categoryIds = Object.keys(CATEGORY_IDS) as [CategoryId, ...CategoryId[]];

export const searchInputSchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX_LENGTH, `a busca aceita até ${SEARCH_QUERY_MAX_LENGTH} caracteres`)
    .default("")
    .describe("O que procurar (nome, subtítulo, categoria ou descrição); acentos e maiúsculas não importam"),
  categoria: z
    .enum(categoryIds, `categoria desconhecida; use ${categoryIds.join(", ")}`)
    .optional()
    .describe("Só os produtos desta categoria"),
});
export type SearchInput = z.output<typeof searchInputSchema>;

/** What a product card shows (app/features/catalog/product-card.tsx). */
export const searchProductSchema = z.object({
  id: z.number().int(),
  category: z.enum(categoryIds),
  name: z.string(),
  subtitle: z.string(),
  badge: z.string().nullable(),
  route: z.string(),
  ratings: productRatingsSchema,
  image: z.string(),
  startingPriceCents: z.number().int(),
  purchasable: z.boolean(),
  unitType: z.enum(["gram", "unit"]),
});

export const searchResultSchema = z.object({
  /** The query as searched (trimmed); "" when none was given. */
  query: z.string(),
  category: z.enum(categoryIds).nullable(),
  /** Best match first. Empty for an empty search (no query, no category) and when nothing matches. */
  products: z.array(searchProductSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export type ProductCardFields = z.infer<typeof searchProductSchema>;

/** A product's card fields only: no long texts travel to the page or over the API. */
export function productCardOf(product: ProductCardFields): ProductCardFields {
  const { id, category, name, subtitle, badge, route, ratings, image, startingPriceCents, purchasable, unitType } = product;
  return { id, category, name, subtitle, badge, route, ratings, image, startingPriceCents, purchasable, unitType };
}
