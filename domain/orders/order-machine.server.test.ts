import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, couponRedemptions, coupons, creditEntries, emailLog, orders, orderStatusHistory, products } from "#platform/db/schema.ts";
import { DomainError } from "#domain/errors.ts";
import { expireOrder } from "#domain/orders/expire-order.server.ts";
import { moveOrder } from "#domain/orders/order-machine.server.ts";
import { lockOrder } from "#domain/orders/order-store.server.ts";
import { payOrder } from "#domain/orders/pay-order.server.ts";
import { reopenOrder } from "#domain/orders/reopen-order.server.ts";
import { setUpTestDatabase } from "#test/database.ts";
import { buildCustomer, buildOrder, type BuiltOrder } from "#test/builders.ts";

/*
 * Decision 043: the order machine is the one writer of an order's status and history, and its one
 * effects step applies what other modules own in the move's transaction.
 */

const t = setUpTestDatabase();

const stockOf = async (productId: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock!;
const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const historyOf = (id: string) =>
  t.db
    .select({ from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus, reason: orderStatusHistory.reason })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.createdAt);
const mailsTo = async (email: string) =>
  (await t.db.select({ subject: emailLog.subject }).from(emailLog).where(eq(emailLog.recipient, email))).map((row) => row.subject);
const cartStatus = async (id: string) => (await t.db.select({ status: carts.status }).from(carts).where(eq(carts.id, id)))[0]!.status;

/** Runs `step` on the order's locked row in its own transaction (as every flow does). */
function inTransaction<T>(
  built: BuiltOrder,
  step: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], order: Awaited<ReturnType<typeof lockOrder>>) => Promise<T>,
) {
  return t.db.transaction(async (tx) => step(tx, await lockOrder(tx, built.orderId)));
}

describe("the order machine", () => {
  it("expiring gives back the stock, the cart, the coupon use and the credit, and queues the customer's e-mail", async () => {
    const built = await buildOrder(t.db, { quantity: 2, coupon: true, creditCents: 5_00 });
    const stockBefore = await stockOf(built.productId);
    await inTransaction(built, (tx, order) => expireOrder(tx, t.services, order));

    expect(await orderOf(built.orderId)).toMatchObject({ status: "cancelled", statusReason: "pix_expired", cancelReason: "Pix expirado" });
    expect(await stockOf(built.productId)).toBe(stockBefore + 2);
    expect(await cartStatus(built.cartId)).toBe("active");
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, built.orderId));
    expect(redemption!.releasedAt).not.toBeNull();
    expect((await t.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, redemption!.couponId)))[0]!.uses).toBe(0);
    const credit = await t.db.select().from(creditEntries).where(eq(creditEntries.orderId, built.orderId));
    expect(credit.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([
      ["order_payment", -5_00],
      ["order_return", 5_00],
    ]);
    expect(await mailsTo(built.email)).toEqual([expect.stringContaining("Pix expirado")]);
    expect((await historyOf(built.orderId)).map((entry) => entry.reason)).toEqual(["order_placed", "pix_expired"]);
  });

  it("a move whose transaction rolls back leaves no status, no history, no effect and no e-mail job", async () => {
    const built = await buildOrder(t.db);
    const stockBefore = await stockOf(built.productId);
    await expect(
      inTransaction(built, async (tx, order) => {
        await expireOrder(tx, t.services, order);
        throw new Error("the caller failed after the move");
      }),
    ).rejects.toThrow("the caller failed");
    expect(await orderOf(built.orderId)).toMatchObject({ status: "pending_payment" });
    expect(await historyOf(built.orderId)).toHaveLength(1);
    expect(await stockOf(built.productId)).toBe(stockBefore);
    expect(await cartStatus(built.cartId)).toBe("pending_payment");
    expect(await mailsTo(built.email)).toEqual([]);
  });

  it("paying completes the cart, rewards the referrer once, and e-mails the customer; a second payment is refused", async () => {
    const referrer = await buildCustomer(t.db, "madrinha");
    const first = await buildOrder(t.db, { referrer });
    await inTransaction(first, (tx, order) => payOrder(tx, t.services, order, { provider: "mercadopago", providerChargeId: "123" }));
    expect(await orderOf(first.orderId)).toMatchObject({ status: "paid", statusReason: "paid_by_provider" });
    expect(await cartStatus(first.cartId)).toBe("completed");
    expect(await mailsTo(first.email)).toEqual([expect.stringContaining("Pagamento confirmado")]);
    const rewards = () =>
      t.db
        .select()
        .from(creditEntries)
        .where(and(eq(creditEntries.userId, referrer), eq(creditEntries.kind, "referral_reward")));
    expect(await rewards()).toHaveLength(1);

    const again = inTransaction(first, (tx, order) => payOrder(tx, t.services, order, { adminId: referrer }));
    await expect(again).rejects.toThrow(DomainError);
    await expect(again).rejects.toThrow("Não é possível mudar o pedido de \u201cPago\u201d para \u201cPago\u201d.");
    expect(await rewards()).toHaveLength(1);
    expect(await historyOf(first.orderId)).toHaveLength(2);
  });

  it("refuses a move its reason does not declare, in Portuguese, writing nothing", async () => {
    const built = await buildOrder(t.db);
    const refused = inTransaction(built, (tx, order) =>
      moveOrder(tx, t.services, order, { to: "shipped", reason: "shipped", actorUserId: null, note: "AA123456785BR" }),
    );
    await expect(refused).rejects.toThrow("Não é possível mudar o pedido de \u201cAguardando pagamento\u201d para \u201cEnviado\u201d.");
    // A withdrawal of an unpaid order, an admin's free move outside the admin's graph: refused too.
    await expect(
      inTransaction(built, (tx, order) =>
        moveOrder(tx, t.services, order, { to: "cancelled", reason: "withdrawal_before_shipping", actorUserId: null }),
      ),
    ).rejects.toThrow(DomainError);
    await expect(
      inTransaction(built, (tx, order) =>
        moveOrder(tx, t.services, order, { to: "delivered", reason: "moved_by_admin", actorUserId: null }),
      ),
    ).rejects.toThrow(DomainError);
    expect(await historyOf(built.orderId)).toHaveLength(1);
    expect(await orderOf(built.orderId)).toMatchObject({ status: "pending_payment" });
  });
});

describe("reopening an expired order (the one reopen flow)", () => {
  it("takes the stock again and holds the cart again; the history keeps expiry and reopening", async () => {
    const built = await buildOrder(t.db, { quantity: 3 });
    await inTransaction(built, (tx, order) => expireOrder(tx, t.services, order));
    const stockAfterExpiry = await stockOf(built.productId);
    await inTransaction(built, (tx, order) => reopenOrder(tx, t.services, order, { reason: "paid_after_expiry", actorUserId: null }));
    expect(await orderOf(built.orderId)).toMatchObject({
      status: "pending_payment",
      statusReason: "paid_after_expiry",
      cancelReason: null,
    });
    expect(await stockOf(built.productId)).toBe(stockAfterExpiry - 3);
    expect(await cartStatus(built.cartId)).toBe("pending_payment");
    expect(await historyOf(built.orderId)).toEqual([
      { from: null, to: "pending_payment", reason: "order_placed" },
      { from: "pending_payment", to: "cancelled", reason: "pix_expired" },
      { from: "cancelled", to: "pending_payment", reason: "paid_after_expiry" },
    ]);
  });

  it("is refused for an order the shop cancelled, whatever its cancel reason says", async () => {
    const built = await buildOrder(t.db);
    await inTransaction(built, (tx, order) =>
      // The shop's free words happen to read like the expiry's: the machine decides on the reason, not the text.
      moveOrder(tx, t.services, order, {
        to: "cancelled",
        reason: "cancelled_by_shop",
        actorUserId: null,
        set: { cancelReason: "Pix expirado" },
      }),
    );
    await expect(
      inTransaction(built, (tx, order) => reopenOrder(tx, t.services, order, { reason: "paid_after_expiry", actorUserId: null })),
    ).rejects.toThrow("Não é possível mudar o pedido de \u201cCancelado\u201d para \u201cAguardando pagamento\u201d.");
  });

  it("is refused, all or nothing, when a product ran out meanwhile", async () => {
    const built = await buildOrder(t.db, { quantity: 2 });
    await inTransaction(built, (tx, order) => expireOrder(tx, t.services, order));
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, built.productId));
    await expect(
      inTransaction(built, (tx, order) => reopenOrder(tx, t.services, order, { reason: "paid_after_expiry", actorUserId: null })),
    ).rejects.toMatchObject({ code: "out_of_stock" });
    expect(await orderOf(built.orderId)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(built.productId)).toBe(1);
    await t.db
      .update(products)
      .set({ stock: sql`100` })
      .where(eq(products.id, built.productId));
  });
});
