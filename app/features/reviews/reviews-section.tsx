import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { apiClient } from "#app/lib/api-client.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { sectionHref } from "#app/features/admin/admin-sections.ts";
import { Stars, starsLabel } from "#app/shared/star-rating.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import { orderLabel } from "#domain/orders/order-status.ts";
import { type AdminReview, REVIEW_STATUS_LABELS, type ReviewStatus } from "#domain/reviews/review-schemas.ts";
import type { reviewsContract } from "#server/contracts/reviews.ts";
import { reviewsRoutes } from "#server/contracts/reviews.routes.ts";

const FILTERS: ReadonlyArray<[ReviewStatus | "", string]> = [
  ["pending", "Aguardando"],
  ["approved", "Publicadas"],
  ["hidden", "Ocultas"],
  ["", "Todas"],
];
const FALLBACK = "Não foi possível concluir. Tente novamente.";
const reviews = apiClient<typeof reviewsContract>(reviewsRoutes, { fallbackMessage: FALLBACK });
const reviewKeys = { all: ["admin-reviews"] as const, list: (status: string, page: number) => ["admin-reviews", status, page] as const };

/**
 * `onDone`: the confirmation is the section's to show, not the card's: a published or hidden review
 * leaves the "waiting" list as soon as it is read again, and a message inside its card went with it.
 */
function ReviewCard({ review, onDone }: { review: AdminReview; onDone: (text: string) => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  async function moderate(status: "approved" | "hidden") {
    setPending(true);
    setMessage(null);
    try {
      await reviews.call("adminModerateReview", { params: { id: review.id }, body: { status } });
      onDone(status === "approved" ? "Avaliação publicada na página do produto." : "Avaliação ocultada.");
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    } catch (error) {
      setMessage({ kind: "error", text: error instanceof Error && error.message ? error.message : FALLBACK });
    } finally {
      setPending(false);
    }
  }
  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-stone-950">
            {review.productName}
          </h3>
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
            {REVIEW_STATUS_LABELS[review.status]}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={review.stars} label={starsLabel(review.stars)} />
          <span>
            {review.authorName} ·{" "}
            <Link to={`/admin?order=${encodeURIComponent(review.orderId)}`} className="text-emerald-800 underline">
              Pedido {orderLabel(review.orderNumber)}
            </Link>{" "}
            · {formatDateTime(review.createdAt)}
          </span>
        </div>
        {review.comment ? (
          <p className="whitespace-pre-line text-stone-900">“{review.comment}”</p>
        ) : (
          <p className="text-stone-600">Sem comentário.</p>
        )}
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        <div className="flex flex-wrap gap-2">
          {review.status !== "approved" ? (
            <button
              type="button"
              disabled={pending}
              onClick={() => void moderate("approved")}
              className={buttonClass("primary")}
              aria-label={`Publicar a avaliação de ${review.authorName} sobre ${review.productName}`}
            >
              Publicar
            </button>
          ) : null}
          {review.status !== "hidden" ? (
            <button
              type="button"
              disabled={pending}
              onClick={() => void moderate("hidden")}
              className={buttonClass("secondary")}
              aria-label={`Ocultar a avaliação de ${review.authorName} sobre ${review.productName}`}
            >
              Ocultar
            </button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/**
 * The reviews customers wrote (decision 029), waiting ones first: publish (the product page shows it
 * and its rating counts it) or hide. Each change is in the audit log.
 */
export function AdminReviewsSection() {
  const [search] = useSearchParams();
  const raw = search.get("estado");
  const status: ReviewStatus | "" = raw === "todas" ? "" : raw === "approved" || raw === "hidden" ? raw : "pending";
  const page = Math.max(1, Math.min(10_000, Number(search.get("pagina")) || 1));
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: reviewKeys.list(status, page),
    queryFn: () => reviews.call("adminListReviews", { query: { ...(status ? { status } : {}), page: String(page) } }),
    staleTime: 0,
  });
  const hrefFor = (filter: ReviewStatus | "", to = 1) =>
    sectionHref("avaliacoes", { estado: filter === "pending" ? null : filter || "todas", pagina: to > 1 ? to : null });
  return (
    <AdminSectionFrame title="Avaliações">
      <p className="text-sm text-stone-700">
        Avaliações de compras entregues. Publicadas, aparecem na página do produto e entram na nota dele.
        {list.data && list.data.pendingCount > 0 ? ` ${list.data.pendingCount} aguardando moderação.` : ""}
      </p>
      <nav aria-label="Filtrar avaliações" className="flex flex-wrap gap-2">
        {FILTERS.map(([value, label]) => (
          <Link
            key={value || "todas"}
            to={hrefFor(value)}
            aria-current={status === value ? "page" : undefined}
            className={buttonClass(status === value ? "primary" : "secondary")}
          >
            {label}
          </Link>
        ))}
      </nav>
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      {list.isPending ? (
        <p role="status">Carregando avaliações…</p>
      ) : list.isError ? (
        <FormMessage kind="error">{list.error.message || "Não foi possível carregar as avaliações."}</FormMessage>
      ) : list.data.reviews.length === 0 ? (
        <p role="status" className="rounded-xl border border-stone-200 bg-white px-4 py-6 text-stone-700">
          {status === "pending" ? "Nenhuma avaliação aguardando moderação." : "Nenhuma avaliação."}
        </p>
      ) : (
        <>
          <ul aria-label="Avaliações" className="space-y-3">
            {list.data.reviews.map((review) => (
              <ReviewCard key={review.id} review={review} onDone={setDone} />
            ))}
          </ul>
          {page > 1 || list.data.hasMore ? (
            <nav aria-label="Páginas de avaliações" className="flex items-center justify-between gap-2">
              {page > 1 ? (
                <Link to={hrefFor(status, page - 1)} className={buttonClass("secondary")}>
                  Mais recentes
                </Link>
              ) : (
                <span />
              )}
              {list.data.hasMore ? (
                <Link to={hrefFor(status, page + 1)} className={buttonClass("secondary")}>
                  Mais antigas
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </AdminSectionFrame>
  );
}
