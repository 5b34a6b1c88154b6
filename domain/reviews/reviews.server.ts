/**
 * Customers rate what they received (issue 19 item 2, decision 029): the buyer of a delivered order,
 * once per item, 1 to 5 stars and an optional comment. A review waits for the admin before it shows;
 * the product page reads the approved ones, newest first, a page at a time.
 */
import { orderNotFound } from "#domain/errors.ts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { orderItems, orders, productReviews, products, users } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
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

/** The buyer's order (another account's reads as missing, as everywhere in the orders API). */
async function buyersOrder(db: Pick<Database, "select">, orderId: string, userId: string) {
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw orderNotFound();
  return order;
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
    const [item] = await tx
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, input.review.productId)))
      .limit(1);
    if (!item) throw new DomainError("not_found", "item_not_in_order", "Este produto não faz parte do pedido.");
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
    const [row] = await tx
      .insert(productReviews)
      .values({
        orderId: order.id,
        productId: item.productId,
        userId: input.userId,
        authorName: reviewAuthorName(user?.name ?? ""),
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
  const product = sql`(select ${products.id} from ${products} where ${products.slug} = ${slug})`;
  const approved = and(eq(productReviews.status, "approved"), sql`${productReviews.productId} = ${product}`);
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
