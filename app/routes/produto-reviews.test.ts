import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as productLoader, meta as productMeta } from "#app/routes/produto.tsx";
import { deleteAccount } from "#domain/account/account-data.server.ts";
import { forgetCheckoutAttempts } from "#domain/checkout/checkout-attempts.server.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import type { AdminReviewList, MyReview, OrderReviews } from "#domain/reviews/review-schemas.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { orderWithoutShipping } from "#test/builders.ts";
import { pageArgs } from "#test/page-args.ts";

/*
 * Issue 19 item 2 on a real PostgreSQL, through the API and the product page's own loader and meta
 * (beside the page, as app/routes/order-pages.test.ts: server/ imports no page): only the buyer of a delivered order rates its items, once
 * each; the admin's approval puts the review on the product page and into its verified rating and
 * its JSON-LD; the previous shop's 4.8 / 38 of the audit service stays apart, never summed, and the
 * owner can hide it (decision 057); hiding the review takes it out again; both audited.
 */

// The audit service: its imported 4.8 over 38 ratings would hide one verified review if summed.
const COURSE = 103;
const COURSE_SLUG = "auditoria-cultivo";
type ErrorJson = { error: { code: string; message: string } };

let ctx: AuthTestContext;
let admin: Browser;
let buyer: Browser;
let stranger: Browser;
let deliveredId: string;
const ADMIN_EMAIL = uniqueEmail("admin-avaliacoes");

beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.150"));
  buyer = await ctx.customer(uniqueEmail("avalia"), new Browser("203.0.113.151"));
  stranger = await ctx.customer(uniqueEmail("estranho"), new Browser("203.0.113.152"));
  deliveredId = await orderWithoutShipping(ctx, buyer, COURSE, ["paid", "delivered"], admin);
}, 90_000);
afterAll(async () => ctx?.close());

const review = (orderId: string, body: unknown, browser = buyer) => ctx.request(`/api/orders/${orderId}/reviews`, { browser, json: body });
/** The product page's data, as its loader gives it, and the JSON-LD its meta writes. */
const page = async () => {
  const args = { ...pageArgs(ctx.t.services, `/produto/${COURSE_SLUG}`), params: { slug: COURSE_SLUG } };
  const loaderData = (await productLoader(args as Parameters<typeof productLoader>[0])) as Exclude<
    Awaited<ReturnType<typeof productLoader>>,
    Response
  >;
  const tags = productMeta({ loaderData } as Parameters<typeof productMeta>[0]) as Array<Record<string, unknown>>;
  const jsonLd = tags.find((tag) => "script:ld+json" in tag)!["script:ld+json"] as Record<string, unknown>;
  return { ...loaderData.product, jsonLd };
};

describe("POST /api/orders/{id}/reviews", () => {
  it("refuses an order that is not delivered yet, in Portuguese", async () => {
    const paidId = await orderWithoutShipping(ctx, buyer, 202, ["paid"], admin);
    const refused = await review(paidId, { productId: productUuid(202), stars: 5 });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).error).toEqual({
      code: "order_not_delivered",
      message: "Você poderá avaliar os itens deste pedido depois que ele for entregue.",
    });
    const listed = (await (await ctx.request(`/api/orders/${paidId}/reviews`, { browser: buyer })).json()) as OrderReviews;
    expect(listed).toEqual({ canReview: false, reviews: [] });
  });

  it("refuses another customer (the order reads as missing) and a visitor", async () => {
    const refused = await review(deliveredId, { productId: productUuid(COURSE), stars: 5 }, stranger);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as ErrorJson).error.message).toBe("Pedido não encontrado.");
    expect((await ctx.request(`/api/orders/${deliveredId}/reviews`, { browser: stranger })).status).toBe(404);
    expect((await review(deliveredId, { productId: productUuid(COURSE), stars: 5 }, new Browser())).status).toBe(401);
  });

  it("refuses stars outside 1–5 and a product the order does not hold", async () => {
    const zero = await review(deliveredId, { productId: productUuid(COURSE), stars: 0 });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(await zero.json())).toContain("Escolha de 1 a 5 estrelas.");
    const other = await review(deliveredId, { productId: productUuid(202), stars: 4 });
    expect(other.status).toBe(404);
    expect(((await other.json()) as ErrorJson).error.message).toBe("Este produto não faz parte do pedido.");
  });

  it("takes the buyer's review once per item, waiting for moderation, even when sent twice at once", async () => {
    const before = await page();
    const [first, second] = await Promise.all([
      review(deliveredId, { productId: productUuid(COURSE), stars: 1, comment: "  Aulas muito curtas.  " }),
      review(deliveredId, { productId: productUuid(COURSE), stars: 2 }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    expect(((await refused.json()) as ErrorJson).error.message).toBe("Você já avaliou este item deste pedido.");
    const listed = (await (await ctx.request(`/api/orders/${deliveredId}/reviews`, { browser: buyer })).json()) as OrderReviews;
    expect(listed.canReview).toBe(true);
    expect(listed.reviews).toHaveLength(1);
    expect(listed.reviews[0]).toMatchObject({ productId: productUuid(COURSE), status: "pending" } satisfies Partial<MyReview>);
    // Pending: not on the page, not in the rating.
    expect((await page()).reviews.total).toBe(0);
    expect((await page()).ratings).toEqual(before.ratings);
  });
});

describe("the admin's moderation", () => {
  it("approving puts the review on the page, in the rating and in the JSON-LD; hiding takes it out; both audited", async () => {
    const before = await page();
    expect(before.ratings).toEqual({ verified: { average: 0, count: 0 }, imported: { average: 4.8, count: 38 } });
    expect(before.jsonLd).not.toHaveProperty("review");
    // No verified review yet: search engines get no rating at all, never the previous shop's.
    expect(before.jsonLd).not.toHaveProperty("aggregateRating");

    const queue = (await (await ctx.request("/api/admin/reviews?status=pending", { browser: admin })).json()) as AdminReviewList;
    const pending = queue.reviews.find((entry) => entry.orderId === deliveredId)!;
    expect(pending).toMatchObject({ productName: "Auditoria de Cultivo", authorName: "Maria T.", stars: expect.any(Number) });
    expect(queue.pendingCount).toBeGreaterThanOrEqual(1);
    // A customer cannot moderate.
    expect((await ctx.request(`/api/admin/reviews/${pending.id}/status`, { browser: buyer, json: { status: "approved" } })).status).toBe(
      403,
    );

    const approved = await ctx.request(`/api/admin/reviews/${pending.id}/status`, { browser: admin, json: { status: "approved" } });
    expect(approved.status).toBe(200);
    const shown = await page();
    const stars = pending.stars;
    // The one verified review is the verified rating, whole; the imported figures stay as they were.
    expect(shown.ratings).toEqual({ verified: { average: stars, count: 1 }, imported: { average: 4.8, count: 38 } });
    expect(shown.reviews).toMatchObject({ total: 1, distribution: [0, 0, 0, stars === 2 ? 1 : 0, stars === 1 ? 1 : 0] });
    expect(shown.reviews.reviews[0]).toMatchObject({ authorName: "Maria T.", stars });
    const { jsonLd } = shown;
    expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: stars, reviewCount: 1 });
    expect(jsonLd).toHaveProperty("review", [
      expect.objectContaining({
        "@type": "Review",
        author: { "@type": "Person", name: "Maria T." },
        reviewRating: expect.objectContaining({ ratingValue: stars }),
      }),
    ]);
    const mine = (await (await ctx.request(`/api/orders/${deliveredId}/reviews`, { browser: buyer })).json()) as OrderReviews;
    expect(mine.reviews[0]!.status).toBe("approved");

    const hidden = await ctx.request(`/api/admin/reviews/${pending.id}/status`, { browser: admin, json: { status: "hidden" } });
    expect(hidden.status).toBe(200);
    const after = await page();
    expect(after.ratings).toEqual(before.ratings);
    expect(after.reviews.total).toBe(0);
    expect(after.jsonLd).not.toHaveProperty("review");

    const entries = await auditEntries(ctx, admin, "review", pending.id);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["review.hide", { status: "approved" }, expect.objectContaining({ status: "hidden" })],
      ["review.approve", { status: "pending" }, expect.objectContaining({ status: "approved" })],
    ]);
  });

  it("refuses a status that is not approve or hide, in Portuguese", async () => {
    const response = await ctx.request(`/api/admin/reviews/${crypto.randomUUID()}/status`, { browser: admin, json: { status: "pending" } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Escolha publicar (approved) ou ocultar (hidden).");
  });
});

describe("deleting the account (LGPD)", () => {
  it("deletes the customer's reviews and takes them out of the product's rating", async () => {
    const email = uniqueEmail("apaga-avaliacao");
    const leaving = await ctx.customer(email, new Browser("203.0.113.153"));
    const orderId = await orderWithoutShipping(ctx, leaving, COURSE, ["paid", "delivered"], admin);
    const written = await review(orderId, { productId: productUuid(COURSE), stars: 1, comment: "Meu nome é Fulano de Tal" }, leaving);
    const { id } = (await written.json()) as MyReview;
    expect((await ctx.request(`/api/admin/reviews/${id}/status`, { browser: admin, json: { status: "approved" } })).status).toBe(200);
    expect((await page()).ratings.verified).toEqual({ average: 1, count: 1 });

    await deleteAccount(ctx.t.services, await ctx.userId(email), { forgetCheckoutAttempts });
    const after = await page();
    expect(after.ratings.verified).toEqual({ average: 0, count: 0 });
    expect(JSON.stringify(after.reviews)).not.toContain("Fulano");
  });
});

describe("the previous shop's figures (decision 057)", () => {
  it("the owner hides them: the page and the JSON-LD no longer show them, and the change is audited", async () => {
    const path = `/api/admin/products/${productUuid(COURSE)}`;
    const read = async () =>
      (await (await ctx.request(path, { browser: admin })).json()) as { version: number; importedRatingShown: boolean };
    const before = await read();
    expect(before.importedRatingShown).toBe(true);
    // A customer cannot.
    expect(
      (await ctx.request(path, { browser: buyer, method: "PATCH", json: { version: before.version, importedRatingShown: false } })).status,
    ).toBe(403);

    const hidden = await ctx.request(path, {
      browser: admin,
      method: "PATCH",
      json: { version: before.version, importedRatingShown: false },
    });
    expect(hidden.status).toBe(200);
    const shown = await page();
    expect(shown.ratings.imported).toBeNull();
    expect(JSON.stringify(shown.jsonLd)).not.toContain("38");
    const entries = await auditEntries(ctx, admin, "product", productUuid(COURSE));
    expect(entries[0]).toMatchObject({
      action: "product.update",
      before: { importedRatingShown: true },
      after: { importedRatingShown: false },
    });

    const back = await ctx.request(path, {
      browser: admin,
      method: "PATCH",
      json: { version: (await read()).version, importedRatingShown: true },
    });
    expect(back.status).toBe(200);
    expect((await page()).ratings.imported).toEqual({ average: 4.8, count: 38 });
  });
});
