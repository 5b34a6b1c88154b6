/**
 * The product page's reviews (decision 029), rendered on the server with the page: the rating
 * (the catalogue's base joined by the approved reviews), how the verified reviews spread over 1–5
 * stars, and a page of them, newest first. Paging is plain links (`?avaliacoes=N`): no script of
 * its own, so an island page keeps this section's server HTML instead of loading this code
 * (./product-reviews-kept.tsx, decision 041). Types only from the domain, so no zod reaches the
 * island (decision 009).
 */
import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";
import type { Ratings } from "#domain/catalog/catalog-types.ts";
import type { ProductReviewsSection } from "#domain/reviews/review-schemas.ts";
import { StarRating, Stars, starsLabel } from "#app/shared/star-rating.tsx";
import { REVIEWS_ID, REVIEWS_PAGE_PARAM, REVIEWS_SECTION_CLASS } from "#app/features/reviews/review-section.ts";

const date = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "America/Sao_Paulo" });
const count = (n: number) => (n === 1 ? "1 avaliação" : `${n.toLocaleString("pt-BR")} avaliações`);
const pageHref = (page: number) => `?${REVIEWS_PAGE_PARAM}=${page}#${REVIEWS_ID}`;
const linkClass = `rounded font-semibold text-emerald-800 underline-offset-4 hover:underline ${focusRing}`;

function Distribution({ section }: { section: ProductReviewsSection }) {
  return (
    <ul aria-label="Distribuição das avaliações de compras verificadas" className="space-y-1 text-sm">
      {section.distribution.map((n, index) => {
        const stars = 5 - index;
        const share = section.total > 0 ? Math.round((n / section.total) * 100) : 0;
        return (
          <li key={stars} className="grid grid-cols-[5.5rem_1fr_2.5rem] items-center gap-2">
            <span className="text-stone-700">{stars === 1 ? "1 estrela" : `${stars} estrelas`}</span>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-stone-200">
              <span className="block h-full bg-amber-500" style={{ width: `${share}%` }} />
            </span>
            <span className="text-right text-stone-700">
              {n}
              <span className="sr-only"> {n === 1 ? "avaliação" : "avaliações"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function ProductReviews({ ratings, section }: { ratings: Ratings; section: ProductReviewsSection }) {
  return (
    <section id={REVIEWS_ID} aria-labelledby={`${REVIEWS_ID}-titulo`} className={REVIEWS_SECTION_CLASS}>
      <h2 id={`${REVIEWS_ID}-titulo`} className="text-xl font-bold text-stone-950">
        Avaliações
      </h2>
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
        <div>
          <StarRating ratings={ratings} size="md" />
          <p className="mt-1 text-sm text-stone-700">
            {section.total > 0
              ? `${count(section.total)} de compras verificadas nesta loja`
              : "Nenhuma avaliação de compra verificada nesta loja ainda"}
          </p>
        </div>
        {section.total > 0 ? <Distribution section={section} /> : null}
      </div>
      {section.reviews.length === 0 ? (
        <p className="text-stone-700">Quem compra pode avaliar cada item pelo painel, depois da entrega.</p>
      ) : (
        <ol aria-label="Avaliações dos clientes, das mais recentes às mais antigas" className="divide-y divide-stone-200">
          {section.reviews.map((review) => (
            <li key={review.id} className="space-y-2 py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars value={review.stars} label={starsLabel(review.stars)} />
                <span className="font-semibold text-stone-950">{review.authorName}</span>
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-900">
                  <ShieldCheck aria-hidden="true" className="size-4" />
                  Compra verificada
                </span>
                <time dateTime={review.createdAt} className="text-sm text-stone-600">
                  {date.format(new Date(review.createdAt))}
                </time>
              </div>
              {review.comment ? <p className="leading-relaxed whitespace-pre-line text-stone-800">{review.comment}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {section.pageCount > 1 ? (
        <nav aria-label="Páginas de avaliações" className="flex items-center justify-between gap-2 text-sm">
          {section.page > 1 ? (
            <Link to={pageHref(section.page - 1)} className={linkClass}>
              ← Mais recentes
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-700">
            Página {section.page} de {section.pageCount}
          </span>
          {section.page < section.pageCount ? (
            <Link to={pageHref(section.page + 1)} className={linkClass}>
              Mais antigas →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
