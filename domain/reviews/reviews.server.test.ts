import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "#platform/db/tables/catalog.ts";
import { moderateReview } from "#domain/reviews/review-moderation.server.ts";
import { listAuditLog } from "#domain/audit/audit-log.server.ts";
import { describeAudit } from "#domain/audit/audit-sentences.ts";
import { listOrderReviews, submitReview } from "#domain/reviews/reviews.server.ts";
import { makeCustomer, moveOrderAsAdmin, placedOrder, productIdOf as productUuid } from "#test/builders.ts";
import { setUpTestDatabase } from "#test/database.ts";

// Customers rate what they received (decision 029): only the buyer, only once delivered, once per
// item; a review counts on the product once the admin approves it.
const t = setUpTestDatabase();
const COURSE = 201;
const COURSE_ID = productUuid(COURSE);

async function deliveredOrder(name = "Carla Mendes Rocha") {
  const buyer = await makeCustomer(t.db, name);
  const orderId = await placedOrder(t.services, buyer, COURSE);
  return { buyer, orderId };
}
const deliver = (orderId: string) => moveOrderAsAdmin(t.services, orderId, "delivered");
const counts = async () =>
  (await t.db.select({ n: products.reviewCount, sum: products.reviewStarsSum }).from(products).where(eq(products.id, COURSE_ID)))[0]!;

describe("a customer's review", () => {
  it("waits for the order's delivery, then is written once per item, under the first name and the surname's initial", async () => {
    const { buyer, orderId } = await deliveredOrder();
    const review = { productId: COURSE_ID, stars: 5, comment: "Muito bom" };
    await expect(submitReview(t.db, { orderId, userId: buyer.id, review })).rejects.toMatchObject({
      code: "order_not_delivered",
      message: "Você poderá avaliar os itens deste pedido depois que ele for entregue.",
    });
    expect((await listOrderReviews(t.db, orderId, buyer.id)).canReview).toBe(false);
    await deliver(orderId);
    const mine = await submitReview(t.db, { orderId, userId: buyer.id, review });
    expect(mine).toMatchObject({ stars: 5, comment: "Muito bom", status: "pending" });
    await expect(submitReview(t.db, { orderId, userId: buyer.id, review })).rejects.toMatchObject({
      code: "already_reviewed",
      message: "Você já avaliou este item deste pedido.",
    });
    expect(await listOrderReviews(t.db, orderId, buyer.id)).toEqual({ canReview: true, reviews: [mine] });
  });

  it("is refused on another account's order (as if it did not exist) and for a product the order does not hold", async () => {
    const { buyer, orderId } = await deliveredOrder();
    await deliver(orderId);
    const stranger = await makeCustomer(t.db);
    await expect(
      submitReview(t.db, { orderId, userId: stranger.id, review: { productId: COURSE_ID, stars: 1, comment: null } }),
    ).rejects.toMatchObject({ code: "not_found", message: "Pedido não encontrado." });
    await expect(
      submitReview(t.db, { orderId, userId: buyer.id, review: { productId: productUuid(4), stars: 4, comment: null } }),
    ).rejects.toMatchObject({ code: "item_not_in_order", message: "Este produto não faz parte do pedido." });
  });

  it("counts on the product once approved, and no longer once hidden; approving twice counts once", async () => {
    const { buyer, orderId } = await deliveredOrder();
    await deliver(orderId);
    const admin = await makeCustomer(t.db, "Admin");
    const before = await counts();
    const review = await submitReview(t.db, { orderId, userId: buyer.id, review: { productId: COURSE_ID, stars: 4, comment: null } });
    expect(await counts()).toEqual(before);
    const approved = await moderateReview(t.db, { reviewId: review.id, status: "approved", adminId: admin.id });
    expect(approved).toMatchObject({ status: "approved", authorName: "Carla R." });
    await moderateReview(t.db, { reviewId: review.id, status: "approved", adminId: admin.id });
    expect(await counts()).toEqual({ n: before.n + 1, sum: before.sum + 4 });
    await moderateReview(t.db, { reviewId: review.id, status: "hidden", adminId: admin.id });
    expect(await counts()).toEqual(before);
    // The audit log names the rated product, not the review's id (issue 28 item 10).
    const [course] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, COURSE_ID));
    const { entries } = await listAuditLog(t.db, { entityType: "review", entityId: review.id, page: 1 });
    expect(entries.map((entry) => describeAudit(entry).sentences)).toEqual([
      [`Avaliação de 4 estrelas de ${course!.name}: ocultada`],
      [`Avaliação de 4 estrelas de ${course!.name}: publicada`],
    ]);
  });
});
