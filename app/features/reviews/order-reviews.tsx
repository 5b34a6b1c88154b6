import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { apiClient } from "#app/lib/api-client.ts";
import { Stars, starsLabel } from "#app/shared/star-rating.tsx";
import { RATING_ANCHOR } from "#domain/notifications/notification-rules.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import { MAX_REVIEW_COMMENT, type MyReview, type OrderReviews as Reviews, REVIEW_STATUS_LABELS } from "#domain/reviews/review-schemas.ts";
import type { reviewsContract } from "#server/contracts/reviews.ts";
import { reviewsRoutes } from "#server/contracts/reviews.routes.ts";

const reviews = apiClient<typeof reviewsContract>(reviewsRoutes, { fallbackMessage: "Não foi possível concluir. Tente novamente." });

const reviewsKey = (orderId: string) => ["order-reviews", orderId] as const;
const STARS = [1, 2, 3, 4, 5] as const;
const starsText = (stars: number) => (stars === 1 ? "1 estrela" : `${stars} estrelas`);

const STATUS_HELP: Record<MyReview["status"], string> = {
  pending: "A loja confere cada avaliação antes de publicá-la na página do produto.",
  approved: "Ela aparece na página do produto como compra verificada.",
  hidden: "A loja decidiu não publicá-la.",
};

function ReviewForm({
  orderId,
  item,
  onDone,
  onCancel,
}: {
  orderId: string;
  item: OrderDetail["items"][number];
  onDone: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  const [starsError, setStarsError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Opening the form moves focus into it, so screen readers announce the question.
  useEffect(() => firstRef.current?.focus(), []);

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const stars = Number(data.get("stars"));
    if (!stars) {
      setStarsError("Escolha de 1 a 5 estrelas.");
      firstRef.current?.focus();
      return;
    }
    setStarsError(undefined);
    setPending(true);
    setFormError(null);
    try {
      const review = await reviews.call("submitReview", {
        params: { id: orderId },
        body: { productId: item.productId, stars, comment: String(data.get("comment") ?? "") },
      });
      queryClient.setQueryData<Reviews>(reviewsKey(orderId), (old) => old && { ...old, reviews: [...old.reviews, review] });
      onDone();
    } catch (error) {
      setFormError(
        error instanceof ApiCallError && error.message ? error.message : "Não foi possível enviar a avaliação. Tente novamente.",
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={`Avaliar ${item.productName}`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <fieldset aria-describedby={starsError ? `${id}-erro` : undefined}>
        <legend className="font-medium text-stone-900">Sua nota</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {STARS.map((stars) => (
            <label
              key={stars}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-700"
            >
              <input
                ref={stars === 1 ? firstRef : undefined}
                type="radio"
                name="stars"
                value={stars}
                required
                aria-invalid={starsError ? true : undefined}
                onChange={() => setStarsError(undefined)}
                className="size-4 accent-amber-600"
              />
              <span aria-hidden="true" className="text-amber-600">
                {"★".repeat(stars)}
              </span>
              <span className="text-stone-900">{starsText(stars)}</span>
            </label>
          ))}
        </div>
        {starsError ? (
          <p id={`${id}-erro`} className="mt-1 text-red-800">
            {starsError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-comentario`} className="block font-medium text-stone-900">
          Comentário (opcional)
        </label>
        <textarea
          id={`${id}-comentario`}
          name="comment"
          maxLength={MAX_REVIEW_COMMENT}
          rows={3}
          className={`mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 ${focusRing}`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={buttonClass("primary")}>
          {pending ? "Enviando…" : "Enviar avaliação"}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

function ItemReview({ orderId, item, review }: { orderId: string; item: OrderDetail["items"][number]; review: MyReview | undefined }) {
  const [open, setOpen] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // The form gives way to the review: focus follows, so it does not fall to <body>.
  useEffect(() => {
    if (justSent && review) statusRef.current?.focus();
  }, [justSent, review]);

  if (review) {
    return (
      <div ref={statusRef} tabIndex={-1} role={justSent ? "status" : undefined} className={`space-y-1 rounded ${focusRing}`}>
        <Stars value={review.stars} label={`Sua nota: ${starsLabel(review.stars)}`} />
        <p>
          <strong>{REVIEW_STATUS_LABELS[review.status]}</strong> · compra verificada. {STATUS_HELP[review.status]}
        </p>
        {review.comment ? <p className="text-stone-700">“{review.comment}”</p> : null}
      </div>
    );
  }
  if (open) {
    return (
      <ReviewForm
        orderId={orderId}
        item={item}
        onDone={() => setJustSent(true)}
        onCancel={() => {
          setOpen(false);
          requestAnimationFrame(() => openerRef.current?.focus());
        }}
      />
    );
  }
  return (
    <button
      ref={openerRef}
      type="button"
      onClick={() => setOpen(true)}
      className={buttonClass("secondary")}
      aria-label={`Avaliar ${item.productName}`}
    >
      Avaliar
    </button>
  );
}

/**
 * The delivered order's ratings in the panel (decision 029): each item is rated once, 1 to 5 stars
 * and a comment; then its state (waiting for the shop, published, hidden). The rating reminder's
 * e-mail and notification lead here (#avaliar).
 */
export function OrderReviews({ order }: { order: OrderDetail }) {
  const headingId = useId();
  const delivered = order.status === "delivered";
  const query = useQuery({
    queryKey: reviewsKey(order.id),
    queryFn: () => reviews.call("listOrderReviews", { params: { id: order.id } }),
    enabled: delivered,
    staleTime: 0,
  });
  if (!delivered) return null;
  return (
    <section
      id={RATING_ANCHOR}
      aria-labelledby={headingId}
      className="scroll-mt-24 space-y-4 rounded-2xl border border-stone-200 bg-white p-5"
    >
      <h3 id={headingId} className="text-base font-bold text-stone-950">
        Avalie seus itens
      </h3>
      {query.isPending ? (
        <p role="status" className="text-sm text-stone-700">
          Carregando suas avaliações…
        </p>
      ) : query.isError ? (
        <FormMessage kind="error">{query.error.message || "Não foi possível carregar suas avaliações."}</FormMessage>
      ) : (
        <ul className="divide-y divide-stone-100">
          {order.items.map((item) => (
            <li key={item.productId} className="space-y-2 py-3 text-sm text-stone-800 first:pt-0 last:pb-0">
              <p className="font-semibold text-stone-950">{item.productName}</p>
              <ItemReview
                orderId={order.id}
                item={item}
                review={query.data.reviews.find((review) => review.productId === item.productId)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
