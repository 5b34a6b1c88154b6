/**
 * Customer reviews (issue 19 item 2, decision 029), browser-safe: the customer's review body, the
 * admin's moderation, and the answers of /api/orders/{id}/reviews and /api/admin/reviews. Dates are
 * ISO strings.
 */
import { z } from "zod";

export const REVIEW_STATUSES = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const MAX_REVIEW_COMMENT = 1000;
/** Approved reviews a product page shows at a time. */
export const PRODUCT_REVIEWS_PAGE_SIZE = 5;
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** What the customer sends for one delivered item. */
export const newReviewSchema = z.strictObject(
  {
    productId: z.guid("Produto inválido.").transform((id) => id.toLowerCase()),
    stars: z
      .number("Escolha de 1 a 5 estrelas.")
      .int("Escolha de 1 a 5 estrelas.")
      .min(1, "Escolha de 1 a 5 estrelas.")
      .max(5, "Escolha de 1 a 5 estrelas."),
    /** Optional; blank is no comment. */
    comment: z
      .string("Comentário inválido.")
      .trim()
      .max(MAX_REVIEW_COMMENT, `O comentário pode ter no máximo ${MAX_REVIEW_COMMENT} caracteres.`)
      .optional()
      .nullable()
      .transform((text) => text || null),
  },
  "Envie a avaliação com produto, estrelas e comentário.",
);
export type NewReview = z.input<typeof newReviewSchema>;
export type ValidReview = z.output<typeof newReviewSchema>;

/** A review as its author sees it in the panel. */
export const myReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const orderReviewsSchema = z.object({
  /** Only a delivered order can be rated. */
  canReview: z.boolean(),
  reviews: z.array(myReviewSchema),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

/** A published review as the product page shows it (every one is a verified purchase). */
export const publishedReviewSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type PublishedReview = z.infer<typeof publishedReviewSchema>;

/** The product page's reviews section: a page of approved reviews, newest first, and their distribution. */
export type ProductReviewsSection = {
  reviews: PublishedReview[];
  page: number;
  pageCount: number;
  /** Approved reviews of the product. */
  total: number;
  /** How many approved reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
  distribution: [number, number, number, number, number];
};

export const moderationSchema = z.strictObject(
  { status: z.enum(["approved", "hidden"], "Escolha publicar (approved) ou ocultar (hidden).") },
  "Envie o novo estado da avaliação.",
);

export const adminReviewQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, "Filtro de avaliações inválido.").optional(),
  page: z.coerce.number("Página inválida.").int("Página inválida.").min(1, "Página inválida.").max(10_000, "Página inválida.").default(1),
});

export const adminReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productRoute: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  authorName: z.string(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  moderatedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = z.object({
  reviews: z.array(adminReviewSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** Reviews waiting for the admin, whatever the filter. */
  pendingCount: z.number().int(),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Aguardando moderação",
  approved: "Publicada",
  hidden: "Oculta",
};

/** How the author is named on the page: first name and the initial of the last ("Maria S."). */
export function reviewAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Cliente";
  const first = parts[0]!;
  const last = parts.length > 1 ? parts.at(-1)! : "";
  return last ? `${first} ${last[0]!.toLocaleUpperCase("pt-BR")}.` : first;
}
