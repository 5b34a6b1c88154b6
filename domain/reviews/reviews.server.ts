/**
 * Customers rate what they received (issue 19 item 2, decision 029): the buyer of a delivered order,
 * once per item, 1 to 5 stars and an optional comment. A review waits for the admin before it shows;
 * the product page reads the approved ones, newest first, a page at a time.
 */
import { orderNotFound } from "#domain/errors.ts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { productReviews } from "#platform/db/tables/reviews.ts";
import { DomainError } from "#domain/errors.ts";
import { accountName } from "#domain/auth/account-names.server.ts";
import { productIdBySlug } from "#domain/catalog/product-lookups.server.ts";
import { customerOrderStatus, orderHasProduct } from "#domain/orders/customer-orders.server.ts";
import {
  type MyReview,
  type OrderReviews,
  PRODUCT_REVIEWS_PAGE_SIZE,
  type ProductReviewsSection,
  reviewAuthorName,
  type ValidReview,
} from "#domain/reviews/review-schemas.ts";

function toMine(row: typeof productReviews.$inferSelect): MyReview {
  return {
    id: row.id,
    productId: row.productId,
    stars: row.stars,
    comment: row.comment,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The buyer's order's status (another account's order reads as missing, as everywhere in the orders API). */
async function buyersOrder(db: Pick<Database, "select">, orderId: string, userId: string) {
  const status = await customerOrderStatus(db, orderId, userId);
  if (status === null) throw orderNotFound();
  return { id: orderId, status };
}

/** The reviews the customer wrote on one of their orders, and whether the order can be rated. */
export async function listOrderReviews(db: Database, orderId: string, userId: string): Promise<OrderReviews> {
  const order = await buyersOrder(db, orderId, userId);
  const rows = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.orderId, order.id), eq(productReviews.userId, userId)))
    .orderBy(asc(productReviews.createdAt));
  return { canReview: order.status === "delivered", reviews: rows.map(toMine) };
}

/**
 * Writes the customer's review of one item of their delivered order, waiting for moderation.
 * Refused (in Portuguese) for another account's order, an order not yet delivered, a product the
 * order does not hold, and a second review of the same item (the unique key decides, even for two
 * requests at once).
 */
export async function submitReview(db: Database, input: { orderId: string; userId: string; review: ValidReview }): Promise<MyReview> {
  return db.transaction(async (tx) => {
    const order = await buyersOrder(tx, input.orderId, input.userId);
    if (order.status !== "delivered") {
      throw new DomainError("conflict", "order_not_delivered", "Você poderá avaliar os itens deste pedido depois que ele for entregue.");
    }
    if (!(await orderHasProduct(tx, order.id, input.review.productId)))
      throw new DomainError("not_found", "item_not_in_order", "Este produto não faz parte do pedido.");
    const name = await accountName(tx, input.userId);
    const [row] = await tx
      .insert(productReviews)
      .values({
        orderId: order.id,
        productId: input.review.productId,
        userId: input.userId,
        authorName: reviewAuthorName(name ?? ""),
        stars: input.review.stars,
        comment: input.review.comment,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new DomainError("conflict", "already_reviewed", "Você já avaliou este item deste pedido.");
    return toMine(row);
  });
}

/** The product page's reviews: one page of the approved ones, newest first, with their distribution. */
export async function productReviewsSection(db: Database, slug: string, requestedPage: number): Promise<ProductReviewsSection> {
  const productId = await productIdBySlug(db, slug);
  // An unknown slug has no reviews (the page itself answers 404).
  const approved = and(eq(productReviews.status, "approved"), productId === null ? sql`false` : eq(productReviews.productId, productId));
  const counts = await db
    .select({ stars: productReviews.stars, count: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(approved)
    .groupBy(productReviews.stars);
  const distribution: ProductReviewsSection["distribution"] = [0, 0, 0, 0, 0];
  for (const { stars, count } of counts) distribution[5 - stars] = count;
  const total = distribution.reduce((sum, count) => sum + count, 0);
  const pageCount = Math.max(1, Math.ceil(total / PRODUCT_REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: productReviews.id,
            authorName: productReviews.authorName,
            stars: productReviews.stars,
            comment: productReviews.comment,
            createdAt: productReviews.createdAt,
          })
          .from(productReviews)
          .where(approved)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .limit(PRODUCT_REVIEWS_PAGE_SIZE)
          .offset((page - 1) * PRODUCT_REVIEWS_PAGE_SIZE);
  return {
    reviews: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page,
    pageCount,
    total,
    distribution,
  };
}
