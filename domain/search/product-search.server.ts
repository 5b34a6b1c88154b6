/**
 * Product search (decision 032): accent- and case-insensitive, in PostgreSQL. Text is folded by
 * shop_search_fold (unaccent + lower, migration 0020); each word of the query must be found in the
 * product (name, subtitle, category, description or key points), as a substring or, for words of
 * four letters or more, as a near spelling of a word of the name or subtitle (pg_trgm's
 * word_similarity), so "cogumelos", "cogumleo" and "cogumélo" all find the mushrooms. Ranking: a
 * word in the name weighs most, then the subtitle and category, then the description; a name that
 * starts with the whole query comes first. Ties keep the shop's own order.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productSummariesByIds } from "#domain/catalog/catalog.server.ts";
import type { CategoryId, ProductSummary } from "#domain/catalog/catalog-types.ts";
import { CATEGORIES } from "#domain/catalog/categories.ts";
import { SEARCH_RESULT_LIMIT } from "#domain/search/search-rules.ts";

/** How close a misspelt word must be to a word of the name or subtitle (pg_trgm word_similarity, 0–1). */
export const NEAR_SPELLING = 0.5;
/** Fuzzy matching needs a few trigrams to mean anything: shorter words must appear as typed. */
const FUZZY_MIN_LENGTH = 4;
const MAX_TERMS = 8;

/** Words that say nothing about a product; dropped unless the query has nothing else. */
const STOPWORDS = new Set(["a", "o", "as", "os", "de", "da", "do", "das", "dos", "e", "em", "para", "com", "um", "uma", "no", "na"]);

/** The query's words, folded as PostgreSQL folds them (accents off, lower case), for splitting only. */
export function searchTerms(query: string): string[] {
  const words = query
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, MAX_TERMS);
}

const categoryTitles = sql.join(
  CATEGORIES.map((category) => sql`(${category.id}, ${category.title})`),
  sql`, `,
);

/** The ids of the products matching every term, best first. */
async function rankedIds(db: Database, query: string, terms: string[], category: CategoryId | undefined): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with terms as (
      select distinct shop_search_fold(term) as term from unnest(${sql.param(terms)}::text[]) as term
    ),
    documents as (
      select p.id, p.sort_order,
             shop_search_fold(p.name) as name,
             shop_search_fold(p.subtitle || ' ' || coalesce(c.title, '')) as summary,
             shop_search_fold(p.description || ' ' || p.key_points::text) as body
      from products p
      left join (values ${categoryTitles}) as c(id, title) on c.id = p.category::text
      where ${category ?? null}::text is null or p.category::text = ${category ?? null}::text
    ),
    scored as (
      select d.id, d.sort_order, d.name,
             bool_and(
               strpos(d.name, t.term) > 0 or strpos(d.summary, t.term) > 0 or strpos(d.body, t.term) > 0
               or (length(t.term) >= ${FUZZY_MIN_LENGTH}
                   and greatest(word_similarity(t.term, d.name), word_similarity(t.term, d.summary)) >= ${NEAR_SPELLING})
             ) as every_term,
             sum(3 * word_similarity(t.term, d.name) + 2 * word_similarity(t.term, d.summary) + word_similarity(t.term, d.body)) as score
      from documents d cross join terms t
      group by d.id, d.sort_order, d.name
    )
    select id from scored, (select shop_search_fold(${query}) as whole) as q
    where every_term
    order by (case when starts_with(name, q.whole) then 2 when strpos(name, q.whole) > 0 then 1 else 0 end) + score desc,
             sort_order
    limit ${SEARCH_RESULT_LIMIT}
  `);
  return result.rows.map((row) => row.id);
}

/** The category's products in the shop's order. */
async function categoryIds(db: Database, category: CategoryId): Promise<string[]> {
  const result = await db.execute<{ id: string }>(
    sql`select id from products where category = ${category} order by sort_order limit ${SEARCH_RESULT_LIMIT}`,
  );
  return result.rows.map((row) => row.id);
}

/**
 * The products for a query (already trimmed) and an optional category. No query and no category:
 * nothing (the page shows its empty state); a category alone lists it.
 */
export async function searchProducts(
  db: Database,
  query: string,
  category: CategoryId | undefined,
  origin: string,
): Promise<ProductSummary[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return category ? productSummariesByIds(db, await categoryIds(db, category), origin) : [];
  return productSummariesByIds(db, await rankedIds(db, query, terms, category), origin);
}
