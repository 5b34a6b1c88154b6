/**
 * The admin moderates reviews (decision 029): approve (the review shows on the product page and
 * joins its rating) or hide. Each change recounts the product's approved reviews and writes its
 * audit entry in the same transaction, so the rating, the page and the log never disagree.
 */
import { reviewNotFound } from "#domain/reviews/review-errors.ts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productReviews } from "#platform/db/tables/reviews.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { lockProducts, productLabels, setReviewTotals } from "#domain/catalog/product-lookups.server.ts";
import { orderNumbers } from "#domain/orders/customer-orders.server.ts";
import { ADMIN_REVIEWS_PAGE_SIZE, type AdminReview, type AdminReviewList, type ReviewStatus } from "#domain/reviews/review-schemas.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Sets the products' approved-review count and star sum from product_reviews (the truth). The
 * products' rows are locked first, so the recount (a later statement, hence a later snapshot) sees
 * every moderation of the same product that committed before it: two at once never lose one.
 */
export async function recountProductReviews(tx: Pick<Tx, "select" | "update">, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = [...new Set(productIds)].sort();
  await lockProducts(tx, ids);
  const rows = await tx
    .select({
      productId: productReviews.productId,
      count: sql<number>`count(*)::int`,
      starsSum: sql<number>`coalesce(sum(${productReviews.stars}), 0)::int`,
    })
    .from(productReviews)
    .where(and(inArray(productReviews.productId, ids), eq(productReviews.status, "approved")))
    .groupBy(productReviews.productId);
  const totals = new Map(rows.map((row) => [row.productId, row]));
  for (const id of ids) await setReviewTotals(tx, id, totals.get(id) ?? { count: 0, starsSum: 0 });
}

function toAdmin(row: {
  review: typeof productReviews.$inferSelect;
  productName: string;
  productRoute: string;
  orderNumber: number;
}): AdminReview {
  const { review } = row;
  return {
    id: review.id,
    productId: review.productId,
    productName: row.productName,
    productRoute: row.productRoute,
    orderId: review.orderId,
    orderNumber: row.orderNumber,
    authorName: review.authorName,
    stars: review.stars,
    comment: review.comment,
    status: review.status,
    createdAt: review.createdAt.toISOString(),
    moderatedAt: review.moderatedAt?.toISOString() ?? null,
  };
}

/** The reviews with their product's name and page and their order's number (asked of the catalog and the orders modules). */
async function withLabels(db: Pick<Database, "select">, reviews: (typeof productReviews.$inferSelect)[]): Promise<AdminReview[]> {
  const [labels, numbers] = await Promise.all([
    productLabels(
      db,
      reviews.map((review) => review.productId),
    ),
    orderNumbers(
      db,
      reviews.map((review) => review.orderId),
    ),
  ]);
  return reviews.map((review) => {
    const product = labels.get(review.productId);
    return toAdmin({
      review,
      productName: product?.name ?? "",
      productRoute: product?.route ?? "",
      orderNumber: numbers.get(review.orderId) ?? 0,
    });
  });
}

/** The moderation queue: newest first, optionally of one status, a page at a time. */
export async function listReviewsForAdmin(db: Database, query: { status?: ReviewStatus; page: number }): Promise<AdminReviewList> {
  const rows = await db
    .select()
    .from(productReviews)
    .where(query.status ? eq(productReviews.status, query.status) : undefined)
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE + 1)
    .offset((query.page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(eq(productReviews.status, "pending"));
  return {
    reviews: await withLabels(db, rows.slice(0, ADMIN_REVIEWS_PAGE_SIZE)),
    page: query.page,
    hasMore: rows.length > ADMIN_REVIEWS_PAGE_SIZE,
    pendingCount: pending?.count ?? 0,
  };
}

/** Approves or hides a review; the same status again changes nothing and writes no audit entry. */
export async function moderateReview(
  db: Database,
  input: { reviewId: string; status: "approved" | "hidden"; adminId: string },
): Promise<AdminReview> {
  const id = await db.transaction(async (tx) => {
    const [review] = await tx.select().from(productReviews).where(eq(productReviews.id, input.reviewId)).for("update");
    if (!review) throw reviewNotFound();
    if (review.status === input.status) return review.id;
    await tx
      .update(productReviews)
      .set({ status: input.status, moderatedAt: sql`now()` })
      .where(eq(productReviews.id, review.id));
    await recountProductReviews(tx, [review.productId]);
    const product = (await productLabels(tx, [review.productId])).get(review.productId);
    await recordAudit(tx, {
      actorUserId: input.adminId,
      action: input.status === "approved" ? "review.approve" : "review.hide",
      entityType: "review",
      entityId: review.id,
      entityLabel: product?.name ?? null,
      before: { status: review.status },
      after: { status: input.status, productId: review.productId, stars: review.stars },
    });
    return review.id;
  });
  const [row] = await withLabels(db, await db.select().from(productReviews).where(eq(productReviews.id, id)));
  return row!;
}

/** LGPD deletion (decision 018): the account's reviews go, and the products they rated are recounted. */
export async function forgetAccountReviews(tx: Tx, userId: string): Promise<void> {
  const removed = await tx
    .delete(productReviews)
    .where(eq(productReviews.userId, userId))
    .returning({ productId: productReviews.productId });
  await recountProductReviews(tx, [...new Set(removed.map((row) => row.productId))]);
}

/** The account's reviews, for the LGPD export. */
export async function accountReviews(db: Database, userId: string) {
  return db
    .select({
      orderId: productReviews.orderId,
      productId: productReviews.productId,
      stars: productReviews.stars,
      comment: productReviews.comment,
      status: productReviews.status,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .where(eq(productReviews.userId, userId))
    .orderBy(desc(productReviews.createdAt));
}
